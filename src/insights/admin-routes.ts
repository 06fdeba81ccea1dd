import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { MessageLanguage } from '../messages/catalog.js';
import type { Insights } from './insights.js';
import { insightsReport } from './report.js';
import { dashboardHtml, offPage, signInPage } from './render-html.js';
import { reportCsv } from './render-tables.js';

/** What the admin page needs of the application. */
export interface AdminContext {
  readonly config: { readonly adminToken?: string | undefined; readonly insights: boolean; readonly insightsRetentionDays: number };
  readonly insights: Insights | undefined;
}

const COOKIE = 'admin_session';
/** The period choices the page offers (cut to the retention). */
const PERIODS = [7, 30, 90] as const;
const DEFAULT_DAYS = 30;
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * `/admin/`: the insights dashboard, its JSON (`/admin/insights.json`) and CSV
 * (`/admin/insights.csv`), for whoever holds ADMIN_TOKEN: sent as a bearer token, or typed once
 * into the page's sign-in form, which sets an HttpOnly, SameSite=Strict cookie holding an HMAC
 * of the token (never the token). Without ADMIN_TOKEN every address answers 404 with a page that
 * says how to turn it on.
 */
export function adminRoutes(ctx: AdminContext): express.Router {
  const router = express.Router();
  const token = ctx.config.adminToken;
  const session = token === undefined ? undefined : createHmac('sha256', token).update('site-content-mcp admin session').digest('base64url');

  router.use('/admin', (req, res, next) => {
    res.set(PRIVATE);
    if (token === undefined) {
      res.status(404).set('Content-Security-Policy', PAGE_CSP).type('html').send(offPage(languageOf(req)));
      return;
    }
    next();
  });

  router.post('/admin/', express.urlencoded({ extended: false, limit: '2kb' }), (req, res) => {
    const lang = languageOf(req);
    const given = typeof (req.body as { token?: unknown } | undefined)?.token === 'string' ? (req.body as { token: string }).token : '';
    if (!sameSecret(given, token!)) {
      res.status(401).set('Content-Security-Policy', PAGE_CSP).type('html').send(signInPage(lang, true));
      return;
    }
    const secure = req.secure ? '; Secure' : '';
    res.set('Set-Cookie', `${COOKIE}=${session}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=43200${secure}`);
    res.redirect(303, `/admin/?lang=${lang}`);
  });

  const allowed = (req: Request): boolean => {
    const header = req.headers.authorization;
    if (header !== undefined && /^Bearer /i.test(header)) return sameSecret(header.slice(7).trim(), token!);
    const cookie = cookieValue(req.headers.cookie, COOKIE);
    return cookie !== undefined && sameSecret(cookie, session!);
  };

  router.get(['/admin', '/admin/', '/admin/insights.json', '/admin/insights.csv'], async (req, res, next) => {
    try {
      const lang = languageOf(req);
      const wantsPage = req.path === '/admin' || req.path === '/admin/';
      if (!allowed(req)) {
        if (wantsPage) res.status(401).set('Content-Security-Policy', PAGE_CSP).type('html').send(signInPage(lang, false));
        else res.status(401).set('WWW-Authenticate', 'Bearer realm="admin"').json({ error: 'unauthorized', detail: 'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>.' });
        return;
      }
      if (req.path === '/admin') return res.redirect(301, '/admin/');
      const retention = ctx.config.insightsRetentionDays;
      const days = daysOf(req.query.days, retention);
      const report = await insightsReport(ctx.insights === undefined ? [] : await ctx.insights.days(days));
      if (req.path.endsWith('.json')) return res.json({ days, retentionDays: retention, counting: ctx.insights !== undefined, ...report });
      if (req.path.endsWith('.csv')) {
        res.set('Content-Disposition', `attachment; filename="insights-${report.from}-${report.to}.csv"`);
        return res.type('text/csv; charset=utf-8').send(reportCsv(report, lang));
      }
      const choices = [...new Set([...PERIODS.filter((period) => period <= retention), Math.min(DEFAULT_DAYS, retention)])].sort((a, b) => a - b);
      res.set('Content-Security-Policy', PAGE_CSP).type('html').send(dashboardHtml(report, lang, { days, choices, counting: ctx.insights !== undefined }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** `?lang=pl|en`, else the browser's preference, else English. */
function languageOf(req: Request): MessageLanguage {
  const asked = req.query.lang;
  if (asked === 'pl' || asked === 'en') return asked;
  return req.acceptsLanguages('pl', 'en') === 'pl' ? 'pl' : 'en';
}

function daysOf(raw: unknown, retention: number): number {
  const value = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : DEFAULT_DAYS;
  return Math.min(Math.max(1, value), retention);
}

/** Compares two secrets in constant time (their HMACs, so lengths never leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHmac('sha256', 'site-content-mcp admin compare').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
