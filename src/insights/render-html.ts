import { formatNumber, message, type MessageKey, type MessageLanguage, type MessageValues } from '../messages/catalog.js';
import { horizontalBars, PALETTE, stackedColumns, type Series } from './charts.js';
import { AGENT_FAMILIES, type AgentFamily, type Surface } from './events.js';
import type { InsightsReport } from './report.js';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Select keys of the catalogs cannot hold a hyphen (ICU pattern syntax): `ai-search` is `ai_search` there. */
export const selectKey = (value: string) => value.replace(/-/g, '_');

export function familyLabel(lang: MessageLanguage, family: AgentFamily): string {
  return message(lang, 'insights.family', { family: selectKey(family) });
}

export function surfaceLabel(lang: MessageLanguage, surface: Surface): string {
  return message(lang, 'insights.surface', { surface: selectKey(surface) });
}

export const FAMILY_COLOR: Readonly<Record<AgentFamily, string>> = Object.fromEntries(AGENT_FAMILIES.map((family, index) => [family, PALETTE[index % PALETTE.length]!])) as Record<AgentFamily, string>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.2rem;margin:2rem 0 .5rem}
p{margin:.5rem 0}
.note{color:#444;font-size:.95rem}
.table{overflow-x:auto;margin:.5rem 0}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.q{overflow-wrap:anywhere}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;padding:0;margin:.5rem 0;font-size:.9rem}
.legend span{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:-1px}
.chart{display:block;width:100%;max-width:640px;height:auto}
a{color:#0050a0}
nav a{margin-right:12px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end}
label{display:block;font-weight:600}
input{font:inherit;padding:8px;min-width:16rem;max-width:100%}
button{font:inherit;padding:8px 16px}
.error{color:#a00000}
`;

/** A whole page in the reader's language (lang attribute, no script, one inline stylesheet). */
export function adminPage(lang: MessageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

export const ADMIN_STYLE = STYLE;

export function offPage(lang: MessageLanguage): string {
  return adminPage(lang, message(lang, 'insights.off'), `<h1>${escape(message(lang, 'insights.off'))}</h1><p>${escape(message(lang, 'insights.offHow'))}</p>`);
}

export function signInPage(lang: MessageLanguage, wrong: boolean): string {
  const t = (key: MessageKey) => escape(message(lang, key));
  return adminPage(
    lang,
    message(lang, 'insights.signInHeading'),
    `<h1>${t('insights.title')}</h1><h2>${t('insights.signInHeading')}</h2>${wrong ? `<p class="error" role="alert">${t('insights.signInWrong')}</p>` : ''}
<form method="post" action="/admin/?lang=${lang}"><div><label for="token">${t('insights.tokenLabel')}</label><input id="token" name="token" type="password" autocomplete="current-password" required></div><button type="submit">${t('insights.signInButton')}</button></form>`,
  );
}

/** The dashboard: charts and the tables with the same numbers, section by section. */
export function dashboardHtml(report: InsightsReport, lang: MessageLanguage, options: { days: number; choices: readonly number[]; counting: boolean }): string {
  const t = (key: MessageKey, values?: MessageValues) => escape(message(lang, key, values));
  const n = (value: number) => formatNumber(lang, value);
  const ms = (value: number) => message(lang, 'insights.ms', { ms: value });
  const failed = Object.entries(report.outcomes).reduce((sum, [outcome, count]) => (outcome === 'ok' ? sum : sum + count), 0);
  const parts: string[] = [];
  parts.push(`<h1>${t('insights.title')}</h1>`);
  parts.push(`<p>${t('insights.period', { from: report.from, to: report.to, days: options.days })}. ${t('insights.total', { count: report.requests, failed })}.</p>`);
  if (!options.counting) parts.push(`<p class="error">${t('insights.notCounting')}</p>`);
  const choices = options.choices.map((days) => (days === options.days ? `<strong>${t('insights.days', { days })}</strong>` : `<a href="/admin/?days=${days}&amp;lang=${lang}">${t('insights.days', { days })}</a>`));
  parts.push(`<nav><p>${escape(message(lang, 'insights.periodChoice', { choices: '\u0000' })).replace('\u0000', choices.join(' '))} · ${['pl', 'en'].map((other) => (other === lang ? '' : `<a href="/admin/?days=${options.days}&amp;lang=${other}" hreflang="${other}" lang="${other}">${other === 'pl' ? 'Polski' : 'English'}</a>`)).join('')}</p>`);
  const download = escape(message(lang, 'insights.download', { json: '\u0001', csv: '\u0002' }))
    .replace('\u0001', `<a href="/admin/insights.json?days=${options.days}">JSON</a>`)
    .replace('\u0002', `<a href="/admin/insights.csv?days=${options.days}">CSV</a>`);
  parts.push(`<p>${download}</p></nav>`);

  // Reads per day by agent family.
  const series: Series[] = AGENT_FAMILIES.map((family) => ({ key: family, label: familyLabel(lang, family), color: FAMILY_COLOR[family] }));
  const shown = series.filter((s) => report.readsByDay.some((day) => day.byFamily[s.key as AgentFamily] > 0));
  parts.push(`<section aria-labelledby="reads"><h2 id="reads">${t('insights.readsHeading')}</h2><p class="note">${t('insights.readsNote')}</p>`);
  parts.push(stackedColumns(report.readsByDay.map((day) => ({ label: day.day.slice(5), values: day.byFamily })), shown.length > 0 ? shown : series, message(lang, 'insights.chartReads'), n));
  parts.push(`<ul class="legend">${(shown.length > 0 ? shown : series).map((s) => `<li><span style="background:${s.color}"></span>${escape(s.label)}</li>`).join('')}</ul>`);
  const readDays = report.readsByDay.filter((day) => shown.some((s) => day.byFamily[s.key as AgentFamily] > 0));
  parts.push(
    readDays.length === 0
      ? `<p>${t('insights.nothingYet')}</p>`
      : table(
          [t('insights.colDay'), ...shown.map((s) => escape(s.label))],
          readDays.map((day) => [escape(day.day), ...shown.map((s) => num(n(day.byFamily[s.key as AgentFamily])))]),
          [false, ...shown.map(() => true)],
        ),
  );
  parts.push('</section>');

  // Doors.
  parts.push(`<section aria-labelledby="surfaces"><h2 id="surfaces">${t('insights.surfacesHeading')}</h2>`);
  if (report.surfaces.length === 0) parts.push(`<p>${t('insights.nothingYet')}</p>`);
  else {
    parts.push(horizontalBars(report.surfaces.map((row) => ({ label: surfaceLabel(lang, row.surface), value: row.requests })), message(lang, 'insights.chartBars'), n));
    parts.push(table([t('insights.colSurface'), t('insights.colRequests'), t('insights.colFailed'), t('insights.colAverage')], report.surfaces.map((row) => [escape(surfaceLabel(lang, row.surface)), num(n(row.requests)), num(n(row.failed)), num(escape(ms(row.averageMs)))]), [false, true, true, true]));
  }
  if (report.mcpRevisions.length > 0) {
    parts.push(`<h3>${t('insights.revisionsHeading')}</h3>`);
    parts.push(table([t('insights.colVia'), t('insights.colRequests')], report.mcpRevisions.map((row) => [escape(row.via), num(n(row.requests))]), [false, true]));
  }
  parts.push('</section>');

  // Who.
  parts.push(`<section aria-labelledby="agents"><h2 id="agents">${t('insights.agentsHeading')}</h2>`);
  parts.push(
    report.agents.length === 0
      ? `<p>${t('insights.nothingYet')}</p>`
      : table([t('insights.colFamily'), t('insights.colAgent'), t('insights.colRequests')], report.agents.map((row) => [escape(familyLabel(lang, row.family)), row.agent === '' ? t('insights.unnamed') : escape(row.agent), num(n(row.requests))]), [false, false, true]),
  );
  parts.push('</section>');

  // Top pages and tools.
  for (const [id, heading, column, rows] of [
    ['pages', 'insights.pagesHeading', 'insights.colPage', report.pages],
    ['tools', 'insights.toolsHeading', 'insights.colTool', report.tools],
  ] as const) {
    parts.push(`<section aria-labelledby="${id}"><h2 id="${id}">${t(heading)}</h2>`);
    if (rows.length === 0) parts.push(`<p>${t('insights.nothingYet')}</p>`);
    else {
      parts.push(horizontalBars(rows.slice(0, 8).map((row) => ({ label: row.subject, value: row.requests })), message(lang, 'insights.chartBars'), n));
      parts.push(table([t(column), t('insights.colRequests'), t('insights.colFailed'), t('insights.colAverage')], rows.map((row) => [`<span class="q">${escape(row.subject)}</span>`, num(n(row.requests)), num(n(row.failed)), num(escape(ms(row.averageMs)))]), [false, true, true, true]));
    }
    parts.push('</section>');
  }

  // Content gaps.
  parts.push(`<section aria-labelledby="gaps"><h2 id="gaps">${t('insights.gapsHeading')}</h2><p class="note">${t('insights.gapsNote')}</p>`);
  parts.push(
    report.gaps.length === 0
      ? `<p>${t('insights.noGaps')}</p>`
      : table([t('insights.colQuestion'), t('insights.colLanguage'), t('insights.colCount')], report.gaps.map((row) => [`<span class="q">${escape(row.question)}</span>`, t('insights.language', { lang: row.lang === '' ? 'unknown' : row.lang }), num(n(row.count))]), [false, false, true]),
  );
  parts.push('</section>');

  // Funnel.
  const total = report.funnelTotal;
  const steps = [
    ['reads', total.reads],
    ['scansStarted', total.scansStarted],
    ['scansCompleted', total.scansCompleted],
    ['inquiriesSent', total.inquiriesSent],
  ] as const;
  parts.push(`<section aria-labelledby="funnel"><h2 id="funnel">${t('insights.funnelHeading')}</h2>`);
  parts.push(horizontalBars(steps.map(([step, value], index) => ({ label: message(lang, 'insights.step', { step }), value, color: PALETTE[index] })), message(lang, 'insights.chartBars'), n));
  const funnelDays = report.funnel.filter((row) => row.reads + row.scansStarted + row.scansCompleted + row.inquiriesSent > 0);
  parts.push(
    table(
      [t('insights.colDay'), ...steps.map(([step]) => t('insights.step', { step }))],
      [...funnelDays.map((row) => [escape(row.day), num(n(row.reads)), num(n(row.scansStarted)), num(n(row.scansCompleted)), num(n(row.inquiriesSent))]), [`<strong>${t('insights.colTotal')}</strong>`, ...steps.map(([, value]) => num(n(value)))]],
      [false, true, true, true, true],
    ),
  );
  parts.push('</section>');
  return adminPage(lang, message(lang, 'insights.title'), parts.join('\n'));
}

const num = (text: string) => ({ numeric: text });

function table(headings: readonly string[], rows: readonly (readonly (string | { numeric: string })[])[], numeric: readonly boolean[]): string {
  const head = headings.map((heading, index) => `<th scope="col"${numeric[index] ? ' class="n"' : ''}>${heading}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell, index) => (typeof cell === 'string' ? (index === 0 ? `<th scope="row">${cell}</th>` : `<td>${cell}</td>`) : `<td class="n">${cell.numeric}</td>`)).join('')}</tr>`)
    .join('');
  return `<div class="table" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}
