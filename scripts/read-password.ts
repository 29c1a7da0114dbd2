/**
 * Reads a password without it ever being on the command line (shell history, `ps`): typed at a prompt
 * that does not echo it when stdin is a terminal, otherwise the first line of stdin (a pipe or a file).
 */
export async function readPassword(prompt: string): Promise<string> {
  return process.stdin.isTTY ? readHidden(prompt) : firstLineOfStdin();
}

async function firstLineOfStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  // The prompt goes to stderr so stdout carries only the result.
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve) => {
    let typed = "";
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          finish();
          resolve(typed);
          return;
        }
        if (ch === "\u0003") {
          // Ctrl-C: raw mode swallows the signal, so leave as the terminal would.
          finish();
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    input.on("data", onData);
  });
}
