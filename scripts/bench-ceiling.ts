// The benchmark's ceiling: a bare Node http server in its own process answering one page's bytes exactly as the
// shop sends them, brotli-compressed, so the load generator reads the same answer from both.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";

/**
 * A page's bytes exactly as the server sends them to a browser that takes brotli (fetch would unpack them): the
 * load generator reads a compressed body more slowly than plain HTML, so the ceiling sends what the pages send.
 */
export function bytesAsSent(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          res.headers["content-encoding"] === "br" ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: not brotli`)),
        );
      })
      .on("error", reject);
  });
}

/** A bare http server in its own process answering one file's bytes as brotli-compressed HTML. */
export function bareServer(file: string, port: number): ChildProcess {
  const code = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-encoding":"br","content-length":b.length});s.end(b)}).listen(${port},"127.0.0.1")`;
  return spawn(process.execPath, ["-e", code], { stdio: "ignore" });
}
