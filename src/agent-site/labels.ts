import type { Lang } from '../content/schema.js';

/** The words of the page frame (navigation, footer, the 404 page), in each site language. */
export interface FrameLabels {
  /** The language's own name, for the language switch ("English" on Polish pages). */
  readonly languageName: string;
  /** Locale for dates shown on pages. */
  readonly locale: string;
  readonly skipToContent: string;
  readonly mainNavigation: string;
  readonly home: string;
  readonly services: string;
  readonly pricing: string;
  readonly contact: string;
  readonly privacyPolicy: string;
  readonly markdownVersion: string;
  readonly siteMapForModels: string;
  readonly updated: string;
  readonly notFound: NotFoundLabels;
}

export interface NotFoundLabels {
  readonly title: string;
  readonly lead: string;
  readonly suggestions: string;
  readonly goHome: string;
  readonly browseServices: string;
  readonly contactUs: string;
  /** For agents (the Markdown 404): where every page is listed. */
  readonly searchHint: string;
  readonly agentHint: string;
}

export const FRAME_LABELS: Readonly<Record<Lang, FrameLabels>> = {
  pl: {
    languageName: 'Polski',
    locale: 'pl-PL',
    skipToContent: 'Przejdź do treści',
    mainNavigation: 'Menu główne',
    home: 'Strona główna',
    services: 'Usługi',
    pricing: 'Cennik',
    contact: 'Kontakt',
    privacyPolicy: 'Polityka prywatności',
    markdownVersion: 'Wersja Markdown',
    siteMapForModels: 'Mapa strony dla modeli językowych (llms.txt)',
    updated: 'Zaktualizowano',
    notFound: {
      title: 'Nie znaleziono strony',
      lead: 'Pod tym adresem nie ma żadnej strony. Mogła zostać przeniesiona albo w adresie jest literówka.',
      suggestions: 'Może chodziło o jedną z tych stron:',
      goHome: 'Przejdź na stronę główną',
      browseServices: 'Zobacz nasze usługi',
      contactUs: 'Skontaktuj się z nami',
      searchHint: 'Listę wszystkich stron znajdziesz w mapie strony',
      agentHint: 'Agenci mogą przeszukać stronę przez',
    },
  },
  en: {
    languageName: 'English',
    locale: 'en-GB',
    skipToContent: 'Skip to content',
    mainNavigation: 'Main menu',
    home: 'Home',
    services: 'Services',
    pricing: 'Pricing',
    contact: 'Contact',
    privacyPolicy: 'Privacy policy',
    markdownVersion: 'Markdown version',
    siteMapForModels: 'Site map for language models (llms.txt)',
    updated: 'Updated',
    notFound: {
      title: 'Page not found',
      lead: 'There is no page at this address. It may have moved, or the address has a typo.',
      suggestions: 'Perhaps you meant one of these pages:',
      goHome: 'Go to the home page',
      browseServices: 'See our services',
      contactUs: 'Contact us',
      searchHint: 'Every page is listed in the site map',
      agentHint: 'Agents can search the site with',
    },
  },
};
