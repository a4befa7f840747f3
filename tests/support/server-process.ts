import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createInterface } from "node:readline";

/** A port that was free a moment ago, so SITE_URL can name it before the server starts. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Every line the process printed so far (stdout and stderr). */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the production server (`node server/start.js`) as a separate process on a free port
 * and resolves once it logs that it is listening. Requires `npm run build` first.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  // The "is listening" line is logged at info level.
  const { child, output, exited } = spawnRaw({
    PORT: port,
    SITE_URL: `http://127.0.0.1:${port}`,
    ...env,
    LOG_LEVEL: "info",
  });
  await new Promise<void>((resolve, reject) => {
    lines(child, output, (line) => line.includes("is listening") && resolve());
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}:\n${output.join("\n")}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output, exited };
}

/** Signs in over HTTP (POST /api/login) and answers the session cookie as a Cookie header value. */
export async function signIn(server: ServerProcess, credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** A JSON API call with a session cookie that must succeed (2xx); answers the parsed body. */
export async function callApi(server: ServerProcess, cookie: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Stops every server of `running` still alive (SIGTERM, awaited) and empties the list: a test file's afterEach. */
export async function stopServers(running: ServerProcess[]): Promise<void> {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }
}

/** Starts the process without waiting for it to listen (for start-up failures). */
export function spawnRaw(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/start.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      ...env,
    },
  });
  const output: string[] = [];
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, output, exited };
}

function lines(child: ChildProcessWithoutNullStreams, output: string[], onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(line);
      onLine(line);
    });
  }
}

/** Collects output of a process started with spawnRaw, until it exits. */
export async function runToExit(env: Record<string, string>) {
  const { child, output, exited } = spawnRaw(env);
  lines(child, output, () => {});
  const result = await exited;
  return { ...result, output: output.join("\n") };
}
