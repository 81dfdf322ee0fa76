// What the browser scripts of tests/browser/ (run.mjs, app.mjs, hash-entry.mjs) share: the
// read-only loopback server of the repository's files, the recording servers that keep
// Chromium's own traffic on the machine, the Chromium launch (Debian's /usr/bin/chromium through
// playwright-core, with the flags the developers' guide lists), the watchdog and the page's
// problems. Node only: no page imports it.
//
// Chromium: CHROMIUM=/path/to/chromium (default /usr/bin/chromium).

import http from 'node:http';
import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** The repository. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

/** The flags every run starts Chromium with: headless, no sandbox, no GPU, no background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Calls `die` with the first of `[what, path]` whose path does not exist. */
export function requireFiles(list, die) {
  for (const [what, p] of list) {
    if (!existsSync(p)) die(`${p} is missing: ${what}`);
  }
}

/** Starts `server` on a free loopback port; resolves to its origin (`http://127.0.0.1:PORT`). */
export async function listen(server) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return `http://127.0.0.1:${server.address().port}`;
}

/** Closes `servers` and every connection they hold. */
export function closeServers(servers) {
  for (const s of servers) {
    s.closeAllConnections?.();
    s.close();
  }
}

/**
 * A read-only server of the repository's files, not yet listening: a GET or HEAD of an existing
 * file inside the repository whose path (relative to the repository, `..` resolved) `allow`s and
 * whose extension has a type in `mime`; `pages` maps a path (`/x.html`) to HTML served as it is.
 * Anything else is a 404. `onRequest({method, url, rel, bodyBytes, ok})` sees every request, once
 * its body (which no request should have) is read.
 */
export function fileServer({ allow, mime, pages = {}, onRequest = () => {} }) {
  return http.createServer((req, res) => {
    let rel = '';
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname).replace(/^\/+/, '');
    } catch {
      // refused below
    }
    let bodyBytes = 0;
    req.on('data', (c) => {
      bodyBytes += c.length;
    });
    req.on('end', () => {
      const readable = req.method === 'GET' || req.method === 'HEAD';
      const page = Object.hasOwn(pages, `/${rel}`) ? pages[`/${rel}`] : undefined;
      const file = path.resolve(root, rel);
      const type = mime[path.extname(file)];
      let ok = readable && page !== undefined;
      if (!ok) {
        try {
          ok = readable && file.startsWith(root + path.sep) && allow(path.relative(root, file)) && type !== undefined && statSync(file).isFile();
        } catch {
          ok = false;
        }
      }
      onRequest({ method: req.method, url: req.url, rel, bodyBytes, ok });
      if (!ok) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      const body = page === undefined ? null : Buffer.from(page, 'utf8');
      res.writeHead(200, {
        'content-type': body ? 'text/html; charset=utf-8' : type,
        'content-length': body ? body.length : statSync(file).size,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else if (body) res.end(body);
      else createReadStream(file).pipe(res);
    });
  });
}

/** A loopback HTTP server that records every request and refuses it. */
async function recorder(onRequest) {
  const s = http.createServer((req, res) => {
    onRequest(`${req.method} ${req.url}`);
    res.writeHead(403).end();
  });
  s.on('connect', (req, socket) => {
    onRequest(`CONNECT ${req.url}`);
    socket.destroy();
  });
  await listen(s);
  return s;
}

/**
 * Where Chromium's requests other than to loopback go, so that none leaves the machine:
 * `foreign` collects what went through the recording "proxy" (which refuses it; that catches the
 * browser's own requests, which Playwright cannot see); Chromium's own Google endpoints (sign-in,
 * component updater; Debian's build has API keys) are pointed at a sink instead, whose requests
 * (`browserInternal`, no page causes them) are reported apart by `note()`. `args` are the flags
 * for `launch`; `servers` are to be closed at the end.
 */
export async function offlineNetwork() {
  const foreign = new Set();
  const browserInternal = [];
  const proxy = await recorder((r) => foreign.add(`${r} (seen by the proxy)`));
  const sink = await recorder((r) => browserInternal.push(r.split('?')[0]));
  const sinkUrl = `http://127.0.0.1:${sink.address().port}`;
  return {
    foreign,
    browserInternal,
    servers: [proxy, sink],
    args: [
      // Loopback (the test server) stays direct: Chromium never proxies it by default.
      `--proxy-server=http://127.0.0.1:${proxy.address().port}`,
      `--gaia-url=${sinkUrl}`,
      `--lso-url=${sinkUrl}`,
      `--google-apis-url=${sinkUrl}`,
      `--component-updater=url-source=${sinkUrl}`,
    ],
    note() {
      if (browserInternal.length > 0) {
        console.log(`note: ${browserInternal.length} request(s) of Chromium itself went to the local sink: ${browserInternal.join(', ')}`);
      }
    },
  };
}

/**
 * Headless Chromium with a persistent profile in `userDataDir`: the common flags, then `args`,
 * then those of `network` (from offlineNetwork) if given; `options` go to Playwright.
 */
export function launch(userDataDir, { network = null, args = [], ...options } = {}) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args, ...(network ? network.args : [])],
    timeout: 60_000,
    ...options,
  });
}

/**
 * One run's browser and its end: `launch(options)` starts Chromium (as `launch` does) with its
 * profile in `profileDir`; `cleanup()` closes it (if started), closes `servers` and removes
 * `removeDir`.
 */
export function session(profileDir, servers, removeDir = profileDir) {
  let context = null;
  return {
    async launch(options) {
      context = await launch(profileDir, options);
      return context;
    },
    async cleanup() {
      try {
        if (context) await context.close();
      } catch {
        // already gone
      }
      closeServers(servers);
      rmSync(removeDir, { recursive: true, force: true });
    },
  };
}

/** Pushes the page's errors and console errors and warnings to `problems`; `onPageError` too. */
export function watchPage(page, problems, onPageError = () => {}) {
  page.on('pageerror', (e) => {
    problems.push(`page error: ${e.message}`);
    onPageError();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
}

/**
 * Bounds the whole run to `ms`: then `onTimeout()` (to record and print the failure), `cleanup()`
 * and exit 1 (even if closing hangs; Playwright kills the browser process on exit). Returns the
 * timer, for clearTimeout.
 */
export function watchdog(ms, onTimeout, cleanup) {
  const timer = setTimeout(() => {
    onTimeout();
    cleanup().finally(() => process.exit(1));
    setTimeout(() => process.exit(1), 5000).unref();
  }, ms);
  timer.unref();
  return timer;
}

/** The browser's name and version in a user agent (`HeadlessChrome/1.2.3.4`). */
export const browserName = (userAgent) => userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? userAgent;
