// A stand-in for a server worker under server/cluster.ts's supervision (server/cluster.test.ts): it stays alive
// until SIGTERM, then exits 0, or, started with "stubborn", ignores SIGTERM and must be killed.
const stubborn = process.argv.includes("stubborn");
const alive = setInterval(() => {}, 60_000);
process.on("SIGTERM", () => {
  if (stubborn) return;
  clearInterval(alive);
  process.exit(0);
});
process.send?.("ready");
