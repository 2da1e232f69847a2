import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import type { NextFunction, Request, Response } from 'express';

/** Paths the web app never answers: the api, the API reference at /docs, the socket fabric and the metrics endpoint. */
const SERVER_PATHS = /^\/(?:api\/|docs(?:\/|$)|socket\.io(?:\/|$)|metrics(?:\/|$))/;

/**
 * Whether a GET that is not a file asks for a page of the app. At /api (the page about the public API) only a
 * client that prefers HTML gets it: a program gets the API index's JSON from its controller.
 */
function wantsPage(req: Request): boolean {
  if (req.path.startsWith('/assets/')) return false;
  return req.path === '/api'
    ? req.accepts(['json', 'html']) === 'html'
    : req.accepts(['html', 'json']) === 'html';
}

/** Vite names every file under assets/ after a hash of its content: it never changes under that name. */
const HASHED_DIR = `${path.sep}assets${path.sep}`;

/**
 * The HTML of a page that has its own (web/vite.config.ts, PRELOADED_ROUTES: index.html plus the preloads of
 * that page's lazy chunks): '/' → routes/index.html, '/login' → routes/login.html. Other pages get index.html.
 */
const ROUTE_HTML_PATH = /^\/([a-z][a-z0-9-]*)?$/;
function pageHtml(webDistDir: string, pagePath: string): string {
  const match = ROUTE_HTML_PATH.exec(pagePath);
  if (!match) return '/index.html';
  const file = `/routes/${match[1] ?? 'index'}.html`;
  return existsSync(path.join(webDistDir, file)) ? file : '/index.html';
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

/** API responses smaller than this go out as they are (compressing them costs more than it saves). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * How the api serves the built web app (web/dist) and compresses what it sends:
 * - every built file is sent precompressed (brotli, else gzip: the `.br` / `.gz` beside it, made by the web
 *   build), with `Content-Encoding` and `Vary: Accept-Encoding`;
 * - files under /assets/ (content-hashed names) are cached for a year as immutable; index.html and the other
 *   unhashed files (favicon…) are revalidated on every use (`no-cache` + ETag → 304), so a repeat visit
 *   downloads nothing but index.html when it changed;
 * - any other GET that asks for HTML (a route of the single-page app) gets index.html, or the page's own copy
 *   of it when the build made one (routes/<page>.html: the same app, plus preloads of that page's chunks);
 * - API responses (JSON) above {@link COMPRESSION_THRESHOLD_BYTES} are compressed on the fly; Socket.IO
 *   (answered by engine.io before express) and event streams are left alone.
 * Installed by bootstrap.ts before the routes; kept in this one file.
 */
export function serveWeb(app: NestExpressApplication, webDistDir: string): void {
  app.use(
    compression({
      threshold: COMPRESSION_THRESHOLD_BYTES,
      filter: (req, res) => {
        if (req.url?.startsWith('/socket.io')) return false;
        const type = res.getHeader('Content-Type');
        if (typeof type === 'string' && type.startsWith('text/event-stream')) return false;
        return compression.filter(req, res);
      },
    }),
  );

  const assets = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      // The ETag is enough to revalidate; no byte ranges of a compressed file. Fewer header bytes per file.
      lastModified: false,
      acceptRanges: false,
      // serve-static's own header would say `public, max-age=0`: set ours below instead.
      cacheControl: false,
      setHeaders: (res: ServerResponse, filePath: string) => {
        res.setHeader('Cache-Control', filePath.includes(HASHED_DIR) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
      },
    },
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    if (req.path === '/index.html') return sendIndex(req, res, next);
    assets(req, res, (err?: unknown) => {
      if (err) return next(err);
      // Not a file: a route of the app gets index.html; a missing asset is a plain 404 (never HTML as JS).
      if (wantsPage(req)) sendIndex(req, res, next);
      else next();
    });
  });

  function sendIndex(req: Request, res: Response, next: NextFunction): void {
    const original = req.url;
    req.url = pageHtml(webDistDir, req.path);
    assets(req, res, (err?: unknown) => {
      req.url = original;
      next(err);
    });
  }
}
