// Lighthouse (its mobile profile: a mid-range phone, Slow 4G and a 4× slower CPU, simulated) on the
// home page and a job page of a production build served by the real server on an embedded database
// with the demo data, through Debian's Chromium. Prints performance score, FCP, LCP, TBT, CLS and TTI against
// issue 14's goal (score ≥ 95, LCP ≤ 2.5 s).
//
//   npm run build && npx tsx bench/lighthouse.ts
//   LIGHTHOUSE_URL=http://localhost:3000 npx tsx bench/lighthouse.ts   # a server already running
//   BENCH_RUNS=3                                                      # runs per page (median kept)
//   LIGHTHOUSE_THROTTLING=devtools     # the network and CPU really slowed down while the page loads,
//                                      # instead of simulated from an unthrottled load (slower, noisier)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { startDemoServer } from "./support/demo-server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
const GOAL = { score: 95, lcpMs: 2500 };
const PORT = 3290;

type Figures = { score: number; lcp: number; tbt: number; cls: number; fcp: number; tti: number };

async function aJobPage(url: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: {} }));
  const body = (await (await fetch(`${url}/api/trpc/jobs.search?input=${input}`)).json()) as {
    result: { data: { json: { items: { id: string }[] } } };
  };
  const id = body.result.data.json.items[0]?.id;
  if (!id) throw new Error("no open job to measure a job page with");
  return `${url}/jobs/${id}`;
}

/** One run's figures, or null when Lighthouse could not take them all (the run is left out of the medians). */
async function measure(port: number, url: string): Promise<Figures | null> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ["performance"],
    logLevel: "error",
    formFactor: "mobile",
    throttlingMethod: THROTTLING,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const audits = result.lhr.audits;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const figures = {
    score: Math.round((result.lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    tti: value("interactive"),
  };
  if (!Object.values(figures).some(Number.isNaN)) return figures;
  // A run without a figure (Lighthouse saw no paint, or an audit failed) would make its medians meaningless.
  console.warn(`a run of ${url} is left out: ${result.lhr.runtimeError?.message ?? "some figures are missing"}`);
  return null;
}

function median(runs: Figures[], key: keyof Figures): number {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const server = await startDemoServer({ port: PORT, url: process.env.LIGHTHOUSE_URL, name: "lighthouse" });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
try {
  const pages = [
    ["home", `${server.url}/`],
    ["job page", await aJobPage(server.url)],
  ] as const;
  console.log(
    `Lighthouse mobile profile (${THROTTLING === "devtools" ? "applied" : "simulated"} throttling), median of ${RUNS} runs; goal: score ≥ ${GOAL.score}, LCP ≤ ${GOAL.lcpMs / 1000} s`,
  );
  for (const [name, url] of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const figures = await measure(chrome.port, url);
      if (figures) runs.push(figures);
    }
    if (runs.length === 0) throw new Error(`no run of ${url} gave its figures`);
    const score = median(runs, "score");
    const lcp = median(runs, "lcp");
    const met = score >= GOAL.score && lcp <= GOAL.lcpMs ? "meets the goal" : "below the goal";
    console.log(
      `${name.padEnd(9)} score ${String(score).padStart(3)}  FCP ${(median(runs, "fcp") / 1000).toFixed(2)} s  LCP ${(lcp / 1000).toFixed(2)} s  TBT ${Math.round(median(runs, "tbt"))} ms  CLS ${median(runs, "cls").toFixed(3)}  TTI ${(median(runs, "tti") / 1000).toFixed(2)} s  (${met}${runs.length < RUNS ? `; median of the ${runs.length} complete runs` : ""})`,
    );
  }
} finally {
  chrome.kill();
  server.stop();
}
