/**
 * A load generator that is not the bottleneck, for the measurement commands (bench; bench-content and load may
 * use it too): Debian's `wrk`, which counts the bytes of each answer and never decodes or keeps a body. autocannon
 * appends every body to a string: on a static server it costs more CPU a request than the server does, so it
 * measures itself (`npm run bench` prints that calibration, both clients on the same static server, at the start
 * of every run).
 *
 * Also here: the exact bytes a server sends for a request (node:http, no decoding), and a static node:http server,
 * in its own process like the real server, that answers those very bytes — the ceiling a page is compared with.
 */
import { execFile, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";

/**
 * wrk threads: 2. One thread is one runnable; on this 2-core VM it shares the cores with the single-threaded server
 * under test (and with whatever else runs), and wrk's own cost a request is of the same order as a static server's
 * (~50 µs of CPU for a 71 kB page, most of it the kernel copying the bytes in), so one thread can be the limit and
 * stalls all its connections whenever it is descheduled. Against a static node:http server, 32 connections, 8
 * alternating pairs of 3 s runs each (2026-11-26, other engineers' tests running, load average 5–7): 71 kB body,
 * -t 2 higher in 8 of 8 pairs (median 7245 against 5985 req/s); 11 kB body, -t 2 higher in 6 of 8 (12212 against
 * 9551). BENCH_WRK_THREADS=1 to compare.
 */
export const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 2);

/** Installs wrk with apt-get when it is missing and we can (root with apt), else says how and exits (as scripts/test.ts does for Chromium). */
export function ensureWrk(): void {
  if (existsSync(WRK)) return;
  const canInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    console.error(`The benchmarks need Debian's wrk at ${WRK}: run  sudo apt-get install -y wrk`);
    process.exit(1);
  }
  console.log("▶ install wrk: apt-get install -y wrk");
  const installed = spawnSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk"], {
    stdio: "inherit",
  });
  if (installed.status !== 0 || !existsSync(WRK)) {
    console.error(`✖ installing wrk failed (exit ${installed.status ?? installed.signal})`);
    process.exit(installed.status || 1);
  }
}

export interface WrkResult {
  /** Requests per second over the run, as wrk reports it. */
  rps: number;
  requests: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  socketErrors: { connect: number; read: number; write: number; timeout: number };
  /** Sum of the socket errors. */
  errors: number;
  /** Answers with a status above 399 (wrk's "Non-2xx or 3xx responses" counts exactly those). */
  non2xx: number;
  /** CPU time wrk itself used (user + system), ms: divided by `requests`, what the client costs a request. */
  clientCpuMs: number;
  /** What wrk printed, for the record. */
  output: string;
}

const msPer: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function durationMs(value: string, unit: string): number {
  const scale = msPer[unit];
  if (scale === undefined) throw new Error(`wrk: unknown time unit ${unit}`);
  return Number((Number(value) * scale).toFixed(3));
}

/** Parses `wrk --latency` output (wrk 4.x). */
export function parseWrkOutput(output: string): Omit<WrkResult, "output" | "clientCpuMs"> {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  const requests = /^\s*(\d+) requests in /m.exec(output);
  const p50 = /^\s+50%\s+([\d.]+)(us|ms|s|m|h)\s*$/m.exec(output);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s|m|h)\s*$/m.exec(output);
  if (!rps || !requests || !p50 || !p99) throw new Error(`wrk: unexpected output:\n${output}`);
  // Printed only when there were any.
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output);
  const socketErrors = {
    connect: Number(socket?.[1] ?? 0),
    read: Number(socket?.[2] ?? 0),
    write: Number(socket?.[3] ?? 0),
    timeout: Number(socket?.[4] ?? 0),
  };
  return {
    rps: Math.round(Number(rps[1])),
    requests: Number(requests[1]),
    p50: durationMs(p50[1]!, p50[2]!),
    p99: durationMs(p99[1]!, p99[2]!),
    socketErrors,
    errors: socketErrors.connect + socketErrors.read + socketErrors.write + socketErrors.timeout,
    non2xx: Number(non2xx?.[1] ?? 0),
  };
}

/**
 * GETs `url` with wrk for `seconds` over `connections` keep-alive connections. Headers are sent as given (pass
 * `accept-encoding` explicitly: wrk sends none by default). wrk does not check statuses below 400, so check the
 * status of one request yourself first (fetchRaw).
 */
export async function measureWithWrk(
  url: string,
  options: { headers?: Record<string, string>; seconds?: number; connections?: number; threads?: number; timeoutSeconds?: number } = {},
): Promise<WrkResult> {
  const { headers = {}, seconds = 8, connections = 32, threads = WRK_THREADS, timeoutSeconds = 10 } = options;
  const args = [
    "--latency",
    "-t",
    String(Math.min(threads, connections)),
    "-c",
    String(connections),
    "-d",
    `${seconds}s`,
    "--timeout",
    `${timeoutSeconds}s`,
    ...Object.entries(headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    url,
  ];
  // Through sh, whose `times` then prints the CPU time of its finished children (wrk) on the last line of stderr.
  const script = 'wrk="$1"; shift; "$wrk" "$@"; status=$?; times >&2; exit $status';
  const { stdout: output, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile("sh", ["-c", script, "sh", WRK, ...args], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`wrk ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
  return { ...parseWrkOutput(output), clientCpuMs: childCpuMs(stderr), output };
}

/** The children's user and system time from the last line of sh's `times` ("0m1.230000s 0m0.450000s"). */
function childCpuMs(timesOutput: string): number {
  const last = timesOutput.trim().split("\n").at(-1) ?? "";
  const times = [...last.matchAll(/(\d+)m([\d.]+)s/g)].map(([, minutes, secs]) => (Number(minutes) * 60 + Number(secs)) * 1000);
  return times.length === 2 ? Math.round(times[0]! + times[1]!) : NaN;
}

/** CPU time (user + system) a running process has used so far, ms, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed when Content-Encoding says so). */
  body: Buffer;
}

/** One GET with node:http: the status, headers and body bytes exactly as the server sent them, nothing decoded. */
export function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

export interface StaticServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The static server's whole program: answers every request with the body file and the given headers. */
const staticServerSource = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const body = readFileSync(process.env.STATIC_BODY);
const headers = { ...JSON.parse(process.env.STATIC_HEADERS), "content-length": body.length };
const server = createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => process.exit(0));
`;

/**
 * A minimal node:http server in its own process (as the real server is) answering `body` with `headers`
 * (content-type, content-encoding, vary…; content-length is added) to every request: the same bytes, with
 * nothing but Node's HTTP between them and the client.
 */
export async function startStaticServer(body: Buffer, headers: Record<string, string>): Promise<StaticServer> {
  const dir = mkdtempSync(join(tmpdir(), "zuri-static-"));
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ["--input-type=module", "-e", staticServerSource], {
    env: { ...process.env, STATIC_BODY: bodyFile, STATIC_HEADERS: JSON.stringify(headers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const firstLine = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    void exited.then(([code]) => reject(new Error(`static server exited with ${code}`)));
  });
  const port = Number(await firstLine);
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
