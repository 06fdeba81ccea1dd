import type { HtmlPage } from '../../../net/page/html-page.js';
import { validateStructuredData } from '../../../structured-data/validate.js';
import { typedNodes, type TypedNode } from '../../structured-data/json-ld-nodes.js';
import { m, notVerified, passed, problem, Findings, type CheckSpec, t } from '../check.js';
import { headerEvidence, listing, plural, quote, listingPl, pluralPl } from '../evidence.js';

const ORGANIZATION = /^(Organization|LocalBusiness|Corporation|ProfessionalService|OnlineBusiness|Store|Restaurant|\w+Business|\w+Service|NGO|EducationalOrganization)$/;

function pageNodes(page: HtmlPage): TypedNode[] {
  return page.jsonLd.flatMap((block) => (block.value === undefined ? [] : typedNodes(block.value)));
}

function organizationNodes(pages: readonly HtmlPage[]): TypedNode[] {
  return pages.flatMap(pageNodes).filter((node) => node.types.some((type) => ORGANIZATION.test(type)) && !Object.keys(node.node).every((key) => key.startsWith('@')));
}

export const jsonLd: CheckSpec = {
  id: 'V10',
  title: 'JSON-LD structured data: parses, has the key types and their properties',
  weight: 12,
  run(snapshot) {
    const findings = new Findings();
    const typesSeen = new Set<string>();
    for (const page of snapshot.pages) {
      for (const block of page.jsonLd) {
        if (block.error !== undefined) {
          findings.at(page.url).add({
            severity: 'high',
            found: t('Blok JSON-LD nie daje się sparsować, więc wyszukiwarki i asystenci AI tracą wszystkie zawarte w nim informacje.', 'A JSON-LD block does not parse, so every fact in it is lost to search engines and assistants.'),
            evidence: [quote(`JSON error: ${block.error}`, 120), quote(block.raw, 160)],
            fix: t('Popraw JSON (brakujący przecinek lub cudzysłów, przecinek na końcu, niezakodowany znak nowej linii); sprawdź go walidatorem danych strukturalnych.', 'Fix the JSON (a missing comma or quote, a trailing comma, an unescaped line break); check it with a JSON-LD validator.')
          });
          continue;
        }
        for (const node of typedNodes(block.value)) node.types.forEach((type) => typesSeen.add(type));
        const { issues } = validateStructuredData(block.value);
        const errors = issues.filter((issue) => issue.severity === 'error');
        const warnings = issues.filter((issue) => issue.severity === 'warning');
        if (errors.length > 0) {
          findings.at(page.url).add({
            severity: 'medium',
            found: t(`Dane strukturalne są niekompletne lub błędne: ${pluralPl(errors.length, 'problem', 'problemy', 'problemów')}, przez które nie da się z nich korzystać.`, `Structured data is incomplete or malformed: ${plural(errors.length, 'problem')} that keep consumers from using it.`),
            evidence: errors.slice(0, 5).map((issue) => quote(`${issue.path}: ${issue.message}`)),
            fix: t('Uzupełnij brakujące właściwości wartościami zgodnymi z tym, co widać na stronie, w formatach wymaganych przez schema.org.', 'Add the missing properties with values that match the visible page, in the formats schema.org expects.')
          });
        }
        if (warnings.length > 0) {
          findings.at(page.url).add({
            severity: 'low',
            found: t(`W danych strukturalnych brakuje ${pluralPl(warnings.length, 'zalecanej właściwości', 'zalecanych właściwości', 'zalecanych właściwości')}.`, `Structured data lacks ${plural(warnings.length, 'recommended property', 'recommended properties')}.`),
            evidence: warnings.slice(0, 5).map((issue) => quote(`${issue.path}: ${issue.message}`)),
            fix: t('Dodaj je tam, gdzie te informacje istnieją (logo, linki sameAs do profili firmy, adres, telefon, daty).', 'Add them where the facts exist (logo, sameAs links to your profiles, address, telephone, dates).')
          });
        }
      }
    }
    const anyJsonLd = snapshot.pages.some((page) => page.jsonLd.length > 0);
    if (!anyJsonLd) {
      const other = snapshot.pages.some((page) => page.hasMicrodata || page.hasRdfa);
      findings.add({
        severity: 'high',
        found: t(`Na przeczytanych stronach nie ma danych strukturalnych JSON-LD${other ? ' (są mikrodane lub RDFa, które czyta mniej narzędzi AI)' : ''}. Asystenci AI muszą wtedy zgadywać, kim jest firma, co oferuje i w jakiej cenie.`, `No JSON-LD structured data on the pages read${other ? ' (there is microdata or RDFa, which fewer AI consumers read)' : ''}. Assistants then have to guess who the business is, what it offers and at what price.`),
        checked: m('V10.noJsonLdChecked', { pages: snapshot.pages.length }),
        evidence: [],
        fix: t('Dodaj JSON-LD: Organization (lub LocalBusiness) z name, url, logo, address, telephone i sameAs; WebSite; a na stronach, których to dotyczy, Service/Offer, Article lub FAQPage.', 'Add JSON-LD: Organization (or LocalBusiness) with name, url, logo, address, telephone and sameAs; WebSite; and Service/Offer, Article or FAQPage on the pages where they apply.'),
        missingBasic: 'structured data',
        url: snapshot.home.url,
      });
    } else if (organizationNodes(snapshot.pages).length === 0) {
      findings.add({
        severity: 'medium',
        found: t('Dane strukturalne nigdzie nie mówią, kim jest firma: brak Organization ani LocalBusiness.', 'The structured data never says who the business is: no Organization or LocalBusiness.'),
        checked: m('V10.typesChecked', { types: [...typesSeen].slice(0, 10) }),
        evidence: [],
        fix: t('Dodaj węzeł Organization (lub LocalBusiness) z name, url, logo, address, telephone i sameAs, co najmniej na stronie głównej.', 'Add an Organization (or LocalBusiness) node with name, url, logo, address, telephone and sameAs, at least on the home page.'),
        url: snapshot.home.url,
      });
    }
    return findings.orPassed(t(`JSON-LD parsuje się poprawnie i jest kompletny; typy: ${listingPl([...typesSeen].slice(0, 12))}.`, `JSON-LD parses and is complete; types: ${listing([...typesSeen].slice(0, 12))}.`));
  },
};

export const entityConsistency: CheckSpec = {
  id: 'V11',
  title: 'The business is the same in structured data and on the page (name, phone, profiles, contact)',
  weight: 3,
  run(snapshot) {
    const organizations = organizationNodes(snapshot.pages);
    if (organizations.length === 0) return notVerified(t('Brak danych strukturalnych Organization lub LocalBusiness, które można by porównać z treścią stron (zob. V10).', 'There is no Organization or LocalBusiness structured data to compare with the pages (see V10).'));
    const organization = organizations[0]!.node;
    const text = snapshot.pages.map((page) => `${page.visibleText} ${page.anchors.map((anchor) => anchor.href).join(' ')}`).join(' ');
    const digits = text.replace(/\D/g, '');
    const findings = new Findings();
    const phones = values(organization.telephone);
    for (const phone of phones) {
      const tail = phone.replace(/\D/g, '').slice(-9);
      if (tail.length >= 7 && !digits.includes(tail)) {
        findings.add({ severity: 'low', found: t('Numeru telefonu z danych strukturalnych nie ma na przeczytanych stronach, więc dane są niespójne albo numer jest ukryty.', 'The telephone in the structured data does not appear on the pages read, so the two disagree or the number is hidden.'), evidence: [quote(`telephone: ${phone}`)], fix: t('Pokaż na stronie (w stopce lub bloku kontaktowym) ten sam numer co w danych strukturalnych.', 'Show the same number on the page (footer or contact block) as in the structured data.'), url: snapshot.home.url });
      }
    }
    for (const email of values(organization.email)) {
      if (!text.toLowerCase().includes(email.replace(/^mailto:/i, '').toLowerCase())) {
        findings.add({ severity: 'low', found: t('Adresu e-mail z danych strukturalnych nie ma na przeczytanych stronach.', 'The e-mail address in the structured data does not appear on the pages read.'), evidence: [quote(`email: ${email}`)], fix: t('Pokaż na stronie ten sam adres e-mail co w danych strukturalnych.', 'Show the same address on the page as in the structured data.'), url: snapshot.home.url });
      }
    }
    if (values(organization.sameAs).length === 0) {
      findings.add({ severity: 'low', found: t('Organizacja nie ma linków sameAs, które wiążą ją z jej profilami w innych serwisach (LinkedIn, Profil Firmy w Google, Wikipedia) i czynią z niej rozpoznawalny podmiot.', 'The organisation has no sameAs links, which tie it to its profiles elsewhere (LinkedIn, Google Business Profile, Wikipedia) and make it a known entity.'), evidence: ['sameAs missing'], fix: t('Dodaj sameAs z adresami URL oficjalnych profili.', 'Add sameAs with the URLs of the official profiles.'), url: snapshot.home.url });
    }
    const hasAboutOrContact = snapshot.pages.some((page) =>
      page.anchors.some((anchor) => /(about|o-nas|o-firmie|uber-uns|contact|kontakt|impressum)/i.test(`${anchor.href} ${anchor.text}`)),
    );
    if (!hasAboutOrContact) {
      findings.add({ severity: 'low', found: t('Nie znaleziono linku do strony „O nas” ani „Kontakt”; asystenci AI szukają tam potwierdzenia, kto prowadzi witrynę.', 'No link to an About or Contact page was found; assistants look there to confirm who runs the site.'), evidence: ['no link matching about/contact'], fix: t('Podlinkuj strony „O nas” i „Kontakt” w nawigacji lub stopce.', 'Link About and Contact pages from the navigation or footer.'), url: snapshot.home.url });
    }
    const name = values(organization.name)[0];
    return findings.orPassed(t(`Organizacja${name === undefined ? '' : ` "${quote(name, 60)}"`} w danych strukturalnych zgadza się z treścią stron (telefon, e-mail, profile, strona kontaktowa).`, `The organisation${name === undefined ? '' : ` "${quote(name, 60)}"`} in the structured data matches the pages (phone, e-mail, profiles, contact page).`));
  },
};

function values(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

export const freshness: CheckSpec = {
  id: 'V14',
  title: 'Pages say when they were last changed',
  weight: 3,
  run(snapshot) {
    const dates: { time: number; source: string }[] = [];
    for (const page of snapshot.pages) {
      for (const node of pageNodes(page)) {
        for (const property of ['dateModified', 'datePublished']) {
          const value = node.node[property];
          if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) dates.push({ time: Date.parse(value), source: `${property} ${value} (JSON-LD)` });
        }
      }
      for (const key of ['article:modified_time', 'og:updated_time', 'article:published_time']) {
        const value = page.meta1(key);
        if (value !== undefined && !Number.isNaN(Date.parse(value))) dates.push({ time: Date.parse(value), source: `<meta property="${key}" content="${value}">` });
      }
      const header = page.response.headers['last-modified'];
      if (header !== undefined && !Number.isNaN(Date.parse(header))) dates.push({ time: Date.parse(header), source: headerEvidence('Last-Modified', header) });
    }
    if (dates.length === 0) {
      return problem({
            severity: 'low',
            found: t('Żadna z przeczytanych stron nie podaje daty ostatniej zmiany (brak dateModified, article:modified_time i Last-Modified). Asystenci AI wolą źródła, których aktualność da się sprawdzić.', 'No page read says when it was last changed (no dateModified, article:modified_time or Last-Modified). Assistants prefer sources whose freshness they can see.'),
            checked: m('V14.checked', { pages: snapshot.pages.length }),
            evidence: [],
            fix: t('Dodaj dateModified do JSON-LD każdej strony (i wysyłaj nagłówek Last-Modified), aktualizując je przy rzeczywistych zmianach treści.', 'Add dateModified to the JSON-LD of each page (and send Last-Modified), updated when the content really changes.'),
            url: snapshot.home.url,
          });
    }
    const newest = dates.reduce((best, date) => (date.time > best.time ? date : best));
    if (snapshot.now - newest.time > 2 * YEAR_MS) {
      return problem({
            severity: 'low',
            found: t(`Najnowsza data modyfikacji na przeczytanych stronach to ${new Date(newest.time).toISOString().slice(0, 10)}, czyli ponad dwa lata temu.`, `The newest modification date on the pages read is ${new Date(newest.time).toISOString().slice(0, 10)}, over two years ago.`),
            evidence: [quote(newest.source)],
            fix: t('Przejrzyj i zaktualizuj kluczowe strony (usługi, ceny, kontakt) oraz ich dateModified.', 'Review and update the key pages (services, prices, contact) and their dateModified.'),
            url: snapshot.home.url,
          });
    }
    return passed(t(`Ostatnia zmiana ${new Date(newest.time).toISOString().slice(0, 10)} (${quote(newest.source, 100)}).`, `Last changed ${new Date(newest.time).toISOString().slice(0, 10)} (${quote(newest.source, 100)}).`));
  },
};
