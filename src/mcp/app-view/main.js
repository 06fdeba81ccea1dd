// The script of the MCP Apps views (services and prices, contact, scan result): browser code,
// bundled with the extension SDK's App into one inline script when the view's HTML is built
// (app-view-script.ts). It builds the DOM with textContent only: names, prices and scan findings
// come from the site and from scanned sites, and are shown as text, never parsed as markup.
// Plain JavaScript: the project's TypeScript has no DOM library (see docs/apps.md).
import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps';

/** Where the server puts what only a view needs (formatted prices, the report's headings). */
const VIEW_META = 'io.github.site-content-mcp/view';
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

const config = JSON.parse(document.getElementById('view-config').textContent);
const root = document.getElementById('view');
let lang = config.lang;
let pollTimer;

const app = new App({ name: 'site-content-mcp-view', version: '1.0.0' }, {}, { autoResize: true });

/** The labels of the current language (the server wrote them from the message catalogs). */
const t = (key) => config.labels[lang][key] ?? config.labels.en[key] ?? key;

/** An element with attributes and children (strings become text nodes). */
function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === false) continue;
    if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/** A link the host opens (a sandboxed view cannot navigate itself). */
function link(url, text, attributes = {}) {
  const anchor = h('a', { href: url, ...attributes }, text);
  anchor.addEventListener('click', (event) => {
    event.preventDefault();
    app.openLink({ url }).catch(() => {});
  });
  return anchor;
}

function show(...children) {
  root.replaceChildren(...children.flat().filter(Boolean));
}

function setLang(next) {
  if (next === 'pl' || next === 'en') lang = next;
  document.documentElement.lang = lang;
}

function applyContext(context) {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

function errorText(result) {
  return (result.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join('\n');
}

// ── Services and prices (list_services) ───────────────────────────────────────────────────────

function renderServices(result) {
  const data = result.structuredContent;
  setLang(data.language);
  const meta = result._meta?.[VIEW_META] ?? {};
  const prices = data.pricing.map((entry, index) =>
    h(
      'li',
      { class: 'card price' },
      h('h3', {}, link(entry.pricing_page, entry.name)),
      entry.description ? h('p', { class: 'muted' }, entry.description) : null,
      h('p', { class: 'amount', 'data-price': entry.name }, meta.prices?.[index] ?? ''),
      entry.packages?.length
        ? h(
            'details',
            {},
            h('summary', {}, t('app.services.packages')),
            h('ul', { class: 'packages' }, entry.packages.map((pkg, packageIndex) => h('li', {}, h('span', {}, pkg.name), ' ', h('span', { class: 'amount' }, meta.packages?.[index]?.[packageIndex] ?? '')))),
          )
        : null,
    ),
  );
  const pages = data.services.map((service) =>
    h('li', { class: service.kind === 'service_area' ? 'area' : 'service' }, link(service.url, service.title), service.description ? h('span', { class: 'muted' }, ` ${service.description}`) : null),
  );
  show(
    h('h1', {}, t('app.services.title')),
    h('h2', {}, t('app.services.prices')),
    h('ul', { class: 'cards', role: 'list' }, prices),
    data.prices_note ? h('p', { class: 'note' }, data.prices_note) : null,
    h('h2', {}, t('app.services.pages')),
    h('ul', { class: 'pages' }, pages),
    data.nextStep ? h('p', { class: 'next' }, data.nextStep) : null,
  );
}

// ── Contact (get_contact, and the inquiry form that calls send_inquiry) ───────────────────────

function pick(value) {
  if (value === undefined || typeof value === 'string') return value;
  return value[lang] ?? Object.values(value)[0];
}

function field(id, label, control, required) {
  return h('div', { class: 'field' }, h('label', { for: id }, label, required ? h('span', { 'aria-hidden': 'true' }, ' *') : null), control);
}

function renderContact(result, input) {
  if (input?.lang) setLang(input.lang);
  const data = result.structuredContent;
  const form = pick(data.contactForm);
  const page = pick(data.contactPage);
  const privacy = pick(data.privacyPolicy);
  const options = h(
    'dl',
    { class: 'options' },
    h('dt', {}, t('app.contact.email')),
    h('dd', {}, link(`mailto:${data.email}`, data.email)),
    h('dt', {}, t('app.contact.phone')),
    h('dd', {}, link(`tel:${data.phone.replace(/[^+\d]/g, '')}`, data.phone)),
    data.hasContactForm && form ? [h('dt', {}, t('app.contact.form')), h('dd', {}, link(form, form))] : [h('dt', {}, t('app.contact.page')), h('dd', {}, link(page, page))],
    privacy ? [h('dt', {}, t('app.contact.privacy')), h('dd', {}, link(privacy, privacy))] : null,
  );
  const status = h('p', { id: 'form-status', role: 'status', class: 'status' });
  const consent = h('input', { id: 'consent', name: 'consent', type: 'checkbox', required: true });
  const send = h('button', { type: 'submit' }, t('app.contact.send'));
  const inquiry = h(
    'form',
    { id: 'inquiry', novalidate: true, 'aria-labelledby': 'form-heading' },
    h('h2', { id: 'form-heading' }, t('app.contact.formHeading')),
    h('p', { class: 'muted' }, t('app.contact.required')),
    field('name', t('app.contact.name'), h('input', { id: 'name', name: 'name', required: true, maxlength: 100, autocomplete: 'name' }), true),
    field('email', t('app.contact.yourEmail'), h('input', { id: 'email', name: 'email', type: 'email', required: true, maxlength: 254, autocomplete: 'email' }), true),
    field('company', t('app.contact.company'), h('input', { id: 'company', name: 'company', maxlength: 150, autocomplete: 'organization' })),
    field('phone', t('app.contact.yourPhone'), h('input', { id: 'phone', name: 'phone', type: 'tel', maxlength: 30, autocomplete: 'tel' })),
    field('message', t('app.contact.message'), h('textarea', { id: 'message', name: 'message', required: true, maxlength: 5000, rows: 5 }), true),
    h('div', { class: 'consent' }, consent, h('label', { for: 'consent' }, t('app.contact.consent'))),
    send,
    status,
  );
  // The button's click, not the form's submit event: a host that sandboxes the view without
  // allow-forms never fires submit, but a click (and Enter in a field, which clicks the default
  // button) always comes; preventing it keeps the browser from submitting the form anywhere.
  send.addEventListener('click', async (event) => {
    event.preventDefault();
    if (!consent.checked) {
      status.textContent = t('app.contact.consentMissing');
      consent.focus();
      return;
    }
    if (!inquiry.reportValidity()) return;
    const values = Object.fromEntries(new FormData(inquiry));
    const args = { name: values.name, email: values.email, message: values.message, lang, consent: true };
    if (values.company) args.company = values.company;
    if (values.phone) args.phone = values.phone;
    send.disabled = true;
    status.textContent = t('app.contact.sending');
    try {
      const answer = await app.callServerTool({ name: 'send_inquiry', arguments: args });
      if (answer.isError) {
        status.textContent = `${t('app.contact.notSent')} ${errorText(answer)}`;
        send.disabled = false;
        return;
      }
      const sent = answer.structuredContent;
      status.textContent = `${t('app.contact.sent').replace('{id}', sent.inquiry_id)} ${sent.next_step}`;
      status.dataset.inquiry = sent.inquiry_id;
    } catch (error) {
      status.textContent = `${t('app.contact.notSent')} ${error instanceof Error ? error.message : String(error)}`;
      send.disabled = false;
    }
  });
  show(h('h1', {}, t('app.contact.title')), data.note ? h('p', {}, data.note) : null, options, inquiry);
}

// ── Scan result (scan_analytics, scan_ai_visibility, get_scan_result) ─────────────────────────

function problemItem(problem) {
  return h(
    'li',
    { class: `problem ${problem.severity}` },
    h('h4', {}, h('span', { class: `badge ${problem.severity}` }, config.severity[lang][problem.severity]), ' ', problem.title, h('span', { class: 'muted' }, ` (${problem.check})`)),
    h('p', {}, problem.found),
    problem.evidence.length ? h('p', { class: 'evidence' }, h('strong', {}, `${t('report.quoted')}: `), h('q', {}, problem.evidence.join(' · '))) : null,
    h('p', {}, h('strong', {}, `${t('report.fix')}: `), problem.fix),
  );
}

function renderScan(result) {
  clearTimeout(pollTimer);
  const status = result.structuredContent;
  const meta = result._meta?.[VIEW_META] ?? {};
  if (status.result?.lang) setLang(status.result.lang);
  const heading = h('h1', {}, config.scanTitle[lang][status.kind], h('span', { class: 'muted url' }, ` ${status.url}`));
  if (status.status === 'running') {
    const progress = status.progress;
    show(
      heading,
      h('p', { role: 'status' }, t('app.scan.running')),
      progress
        ? h(
            'div',
            { class: 'field' },
            h('label', { for: 'scan-progress' }, `${t('app.scan.progress')}: ${progress.stage}`),
            h('progress', { id: 'scan-progress', max: Math.max(progress.requests_planned, 1), value: Math.min(progress.requests_done, progress.requests_planned) }),
          )
        : null,
    );
    pollTimer = setTimeout(() => poll(status.scan_id), Math.max(1, status.poll_after_seconds ?? 5) * 1000);
    return;
  }
  if (status.status === 'failed') {
    show(heading, h('p', { role: 'alert' }, `${t('app.scan.failed')} ${status.error ?? ''}`));
    return;
  }
  const scan = status.result;
  // The report's three problems to fix first, by their place in the result's list.
  const fixFirst = (meta.fixFirst ?? []).map((index) => scan.problems[index]).filter(Boolean);
  const groups = SEVERITIES.map((severity) => ({ severity, problems: scan.problems.filter((problem) => problem.severity === severity) })).filter((group) => group.problems.length > 0);
  show(
    heading,
    h(
      'section',
      { class: 'verdict', 'aria-label': meta.verdict ?? '' },
      h('p', { class: `grade grade-${scan.grade ?? 'none'}`, 'data-grade': scan.grade ?? '' }, scan.grade ?? '–'),
      h('div', {}, h('p', { class: 'verdict-line' }, meta.verdict ?? (scan.score === null ? '' : `${t('app.scan.score')}: ${scan.score}/100`)), h('p', { class: 'summary' }, meta.summary ?? scan.summary), scan.report_email ? h('p', { class: 'muted report-email' }, scan.report_email.note) : null),
    ),
    fixFirst.length ? [h('h2', {}, t('report.fixFirst')), h('ol', { class: 'fix-first' }, fixFirst.map((problem) => h('li', {}, h('strong', {}, problem.title), h('span', {}, problem.found), h('span', {}, `${t('report.fix')}: ${problem.fix}`))))] : h('p', {}, t('report.noProblems')),
    meta.nextStep
      ? h('section', { class: 'card next-step' }, h('h2', {}, t('report.nextStepHeading')), h('p', { 'data-service': meta.nextStep.service ?? '' }, meta.nextStep.url ? link(meta.nextStep.url, meta.nextStep.text) : meta.nextStep.text))
      : null,
    groups.length ? h('h2', {}, t('app.scan.allFindings')) : null,
    groups.map((group) => h('section', { class: 'group' }, h('h3', {}, config.severityHeading[lang][group.severity]), h('ul', { class: 'problems' }, group.problems.map(problemItem)))),
  );
}

async function poll(scanId) {
  try {
    const next = await app.callServerTool({ name: 'get_scan_result', arguments: { scan_id: scanId } });
    render(next);
  } catch {
    pollTimer = setTimeout(() => poll(scanId), 5000);
  }
}

// ── Wiring ─────────────────────────────────────────────────────────────────────────────────────

let lastInput;

function render(result) {
  if (result.isError || !result.structuredContent) {
    show(h('p', { role: 'alert' }, `${t('app.toolError')} ${errorText(result)}`));
    return;
  }
  if (config.view === 'services') renderServices(result);
  else if (config.view === 'contact') renderContact(result, lastInput);
  else renderScan(result);
}

app.ontoolinput = (params) => {
  lastInput = params.arguments;
  if (lastInput?.lang) setLang(lastInput.lang);
};
app.ontoolresult = (result) => render(result);
app.onhostcontextchanged = (context) => applyContext(context);

setLang(lang);
app
  .connect()
  .then(() => {
    const context = app.getHostContext();
    applyContext(context);
    const locale = context?.locale?.slice(0, 2);
    if (!lastInput?.lang && (locale === 'pl' || locale === 'en')) setLang(locale);
  })
  .catch(() => {});
