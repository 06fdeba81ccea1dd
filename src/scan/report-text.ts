import type { Severity } from './checks/check.js';
import type { ReportLanguage } from './report-language.js';
import type { ScanKind } from './snapshot.js';

/**
 * The words of a scan result and its report in each language we write. Check titles are kept in
 * the checks in English (the ids and English titles are the reference); Polish titles are here.
 * What a check found and how to fix it stays in the checks' own words.
 */
export interface ReportWords {
  readonly kindName: Readonly<Record<ScanKind, string>>;
  readonly severity: Readonly<Record<Severity, string>>;
  readonly severityHeading: Readonly<Record<Severity, string>>;
  readonly checkTitles: Readonly<Record<string, string>>;
  grade(grade: string, score: number): string;
  readonly couldNotVerify: string;
  subject(host: string, kind: ScanKind, verdict: string): string;
  greeting: string;
  intro(company: string, url: string, kind: ScanKind, scanId: string, when: string): string;
  readonly fixFirst: string;
  readonly noProblems: string;
  readonly found: string;
  readonly where: string;
  readonly evidence: string;
  readonly fix: string;
  readonly notVerifiedHeading: string;
  readonly notApplicableHeading: string;
  readonly passedHeading: string;
  readonly nextStepHeading: string;
  nextStep(service: string, price: string): string;
  readonly nextStepGeneric: string;
  readonly contactHeading: string;
  readonly contactForm: string;
  readonly phone: string;
  readonly email: string;
  readonly quotedIndividually: string;
  priceFrom(amount: string): string;
  scannedWith(finalUrl: string, requests: number, seconds: string, browser: boolean): string;
  readonly notRequested: string;
  summary(parts: { grade: string; score: number; counts: readonly (readonly [Severity, number])[]; info: number; notVerified: number }): string;
  readonly criticalCap: string;
  basicsCap(basics: readonly string[], grade: string, uncapped: number): string;
  tooFewChecks(percent: number): string;
}

const en: ReportWords = {
  kindName: { analytics: 'analytics and tracking', ai_visibility: 'visibility in AI assistants' },
  severity: { critical: 'critical', high: 'high', medium: 'medium', low: 'low', info: 'for information' },
  severityHeading: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', info: 'For information (not counted)' },
  checkTitles: {},
  grade: (grade, score) => `Grade ${grade} (${score}/100)`,
  couldNotVerify: 'Could not be verified',
  subject: (host, kind, verdict) => `Website scan of ${host}: ${en.kindName[kind]}, ${verdict}`,
  greeting: 'Hello,',
  intro: (company, url, kind, scanId, when) => `you asked ${company} to scan ${url} for ${en.kindName[kind]} (scan ${scanId}, ${when}). This is the full report.`,
  fixFirst: 'Fix these first',
  noProblems: 'No problems to fix.',
  found: 'Found',
  where: 'Where',
  evidence: 'Evidence (quoted from the site)',
  fix: 'Fix',
  notVerifiedHeading: 'Not verified (neither passed nor failed)',
  notApplicableHeading: 'Not applicable (nothing to check on this site)',
  passedHeading: 'Passed',
  nextStepHeading: 'Next step',
  nextStep: (service, price) => `We can fix this for you: ${service}, ${price}.`,
  nextStepGeneric: 'We can help you fix these problems; write or call us.',
  contactHeading: 'Contact',
  contactForm: 'Contact form',
  phone: 'Phone',
  email: 'E-mail',
  quotedIndividually: 'quoted individually',
  priceFrom: (amount) => `from ${amount} (net)`,
  scannedWith: (finalUrl, requests, seconds, browser) =>
    `Scanned ${finalUrl} with ${requests} requests in ${seconds} s. ${browser ? 'The home page and one inner page were also loaded in a headless browser.' : "The scan reads the HTML, headers and files as served; it does not run the site's JavaScript."}`,
  notRequested: 'If you did not ask for this scan, you can ignore this message: nothing else will be sent.',
  summary: ({ grade, score, counts, info, notVerified }) => {
    const parts = [
      counts.length === 0 ? 'no problems' : `problems: ${counts.map(([severity, count]) => `${count} ${severity}`).join(', ')}`,
      info > 0 ? `${info} for information` : '',
      notVerified > 0 ? `${notVerified} could not be verified` : '',
    ].filter(Boolean);
    return `Grade ${grade} (${score}/100): ${parts.join('; ')}.`;
  },
  criticalCap: 'A critical problem caps the grade at D.',
  basicsCap: (basics, grade, uncapped) => `Missing basics (${basics.join(', ')}) cap the grade at ${grade} (${uncapped} before the cap).`,
  tooFewChecks: (percent) => `Too few checks could be run (${percent}% of the score's weight), so the site is not graded; see not_verified for why.`,
};

const POLISH_BASICS: Readonly<Record<string, string>> = {
  'structured data': 'dane strukturalne',
  sitemap: 'mapa witryny',
  title: 'tytuł strony',
  'meta description': 'opis meta',
  'page language': 'język strony',
};

const pl: ReportWords = {
  kindName: { analytics: 'analityki i śledzenia', ai_visibility: 'widoczności w asystentach AI' },
  severity: { critical: 'krytyczny', high: 'wysoki', medium: 'średni', low: 'niski', info: 'informacyjny' },
  severityHeading: { critical: 'Krytyczne', high: 'Ważne', medium: 'Średnie', low: 'Drobne', info: 'Dla informacji (nie wpływają na ocenę)' },
  checkTitles: {
    T1: 'Spis tagów: jakie tagi analityczne i reklamowe ładuje strona',
    T2: 'Bez wycofanych, przykładowych i błędnych identyfikatorów tagów',
    T3: 'Bez zdublowanych tagów (podwójnego liczenia)',
    T3b: 'Jedno trafienie na odsłonę (bez podwójnego zbierania)',
    T4: 'Google Tag Manager wdrożony tak, jak opisuje to Google',
    T5: 'Platforma zgód (baner cookies) przed tagami',
    T6: 'Domyślne ustawienia Consent Mode v2: wszystkie cztery klucze, przed tagami Google',
    T7: 'Bez śledzenia przed zgodą (ślady w HTML)',
    T7b: 'Bez żądań śledzących i ciasteczek przed wyborem w banerze',
    T8: 'Stan zgody dociera do Google (gcs/gcd w trafieniach)',
    T9: 'Tagi nie są wstrzymywane przez optymalizatory „opóźnij JavaScript”',
    T10: 'Content-Security-Policy pozwala tagom ładować się i wysyłać dane',
    T11: 'Nagrywanie sesji i fingerprinting są ujawnione i objęte zgodą',
    T11b: 'Bez fingerprintingu canvas i audio w czasie działania strony',
    T12: 'Zewnętrzne hosty, z których ładują się strony (informacyjnie)',
    T13: 'Punkty zapalne w UE: zdalne Google Fonts, YouTube, Mapy, reCAPTCHA',
    T14: 'Linki do polityki prywatności, ustawień cookies i (w DE/AT) Impressum',
    T15: 'Mierzalne ścieżki konwersji: linki tel: i mailto:, formularze na stronie i z etykietami',
    T15b: 'Wysłanie formularza wywołuje zdarzenie konwersji',
    T16: 'Tagowanie po stronie serwera (informacyjnie)',
    T17: 'HTTPS wszędzie: strona, przekierowania, HSTS i adresy tagów',
    V1: 'robots.txt jest dostępny i czytelny',
    V2: 'Roboty AI mają dostęp (według klas: wyszukiwanie, pobieranie dla użytkownika, trening)',
    V3: 'Content-Signal w robots.txt (opcjonalnie, informacyjnie)',
    V4: 'Bez noindex i nosnippet na stronach',
    V5: 'CDN ani firewall nie blokują robotów AI',
    V6: 'llms.txt (opcjonalnie: brak jest informacją)',
    V7: 'Markdown dla agentów (Accept: text/markdown, wersja .md, Vary: Accept)',
    V8: 'Mapa witryny XML, wskazana w robots.txt, z aktualnym lastmod',
    V9: 'Treść jest w HTML, bez uruchamiania JavaScriptu',
    V9b: 'Strona po wyrenderowaniu zgadza się z surowym HTML',
    V10: 'Dane strukturalne JSON-LD: poprawne, z kluczowymi typami i właściwościami',
    V11: 'Firma jest ta sama w danych strukturalnych i na stronie (nazwa, telefon, profile, kontakt)',
    V12: 'Tytuł, opis, adres kanoniczny, język, hreflang i Open Graph',
    V13: 'Czytelna struktura: jeden H1, uporządkowane nagłówki, <main>, teksty alternatywne obrazów',
    V14: 'Strony podają datę ostatniej zmiany',
    V15: 'Tanie w pobraniu: szybki pierwszy bajt, kompresja, mało przekierowań, lekki HTML',
    V16: 'Odkrywanie przez agentów: nagłówki Link, katalog API, karta serwera MCP, metadane OAuth (informacyjnie)',
    V17: 'Treść odpowiada na pytania: pytania oznaczone jako FAQ (heurystyka)',
    V18: 'Bez ukrytych instrukcji dla AI i niewidocznych znaków',
  },
  grade: (grade, score) => `Ocena ${grade} (${score}/100)`,
  couldNotVerify: 'Nie udało się sprawdzić',
  subject: (host, kind, verdict) => `Skan strony ${host}: ${pl.kindName[kind]}, ${verdict}`,
  greeting: 'Dzień dobry,',
  intro: (company, url, kind, scanId, when) => `na Pani/Pana prośbę ${company} sprawdził stronę ${url} pod kątem ${pl.kindName[kind]} (skan ${scanId}, ${when}). Oto pełny raport.`,
  fixFirst: 'Do poprawy w pierwszej kolejności',
  noProblems: 'Nie ma nic do poprawy.',
  found: 'Co znaleźliśmy',
  where: 'Gdzie',
  evidence: 'Dowód (cytat ze strony)',
  fix: 'Jak poprawić',
  notVerifiedHeading: 'Niesprawdzone (ani zaliczone, ani niezaliczone)',
  notApplicableHeading: 'Nie dotyczy (nic do sprawdzenia na tej stronie)',
  passedHeading: 'Zaliczone',
  nextStepHeading: 'Następny krok',
  nextStep: (service, price) => `Możemy to dla Pani/Pana poprawić: ${service}, ${price}.`,
  nextStepGeneric: 'Pomożemy poprawić te problemy; prosimy o wiadomość lub telefon.',
  contactHeading: 'Kontakt',
  contactForm: 'Formularz kontaktowy',
  phone: 'Telefon',
  email: 'E-mail',
  quotedIndividually: 'wycena indywidualna',
  priceFrom: (amount) => `od ${amount} netto`,
  scannedWith: (finalUrl, requests, seconds, browser) =>
    `Sprawdziliśmy ${finalUrl} (żądań: ${requests}, czas: ${seconds} s). ${browser ? 'Strona główna i jedna podstrona zostały też wczytane w przeglądarce bez interfejsu.' : 'Skan czyta HTML, nagłówki i pliki tak, jak serwuje je strona; nie uruchamia jej JavaScriptu.'}`,
  notRequested: 'Jeśli to nie Pani/Pan zlecał(a) ten skan, prosimy zignorować tę wiadomość: nic więcej nie wyślemy.',
  summary: ({ grade, score, counts, info, notVerified }) => {
    const parts = [
      counts.length === 0 ? 'brak problemów' : `problemy: ${counts.map(([severity, count]) => `${count} ${pl.severity[severity]}`).join(', ')}`,
      info > 0 ? `${info} informacyjnie` : '',
      notVerified > 0 ? `${notVerified} niesprawdzone` : '',
    ].filter(Boolean);
    return `Ocena ${grade} (${score}/100): ${parts.join('; ')}.`;
  },
  criticalCap: 'Problem krytyczny ogranicza ocenę do D.',
  basicsCap: (basics, grade, uncapped) => `Brak podstaw (${basics.map((basic) => POLISH_BASICS[basic] ?? basic).join(', ')}) ogranicza ocenę do ${grade} (przed ograniczeniem ${uncapped}).`,
  tooFewChecks: (percent) => `Udało się wykonać za mało sprawdzeń (${percent}% wagi oceny), więc strona nie dostaje oceny; powody w not_verified.`,
};

export const REPORT_WORDS: Readonly<Record<ReportLanguage, ReportWords>> = { en, pl };

/** A check's title in the report's language (the English one when there is no translation). */
export function checkTitle(words: ReportWords, id: string, english: string): string {
  return words.checkTitles[id] ?? english;
}
