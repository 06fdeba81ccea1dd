import type { Lang } from '../content/schema.js';
import { LOCALES, message, type MessageKey } from '../messages/catalog.js';

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

/** The frame's words in `lang`, from the catalogs (`site.*`). */
function frameLabels(lang: Lang): FrameLabels {
  const say = (key: MessageKey) => message(lang, key);
  return {
    languageName: say('site.languageName'),
    locale: LOCALES[lang],
    skipToContent: say('site.skipToContent'),
    mainNavigation: say('site.mainNavigation'),
    home: say('site.home'),
    services: say('site.services'),
    pricing: say('site.pricing'),
    contact: say('site.contact'),
    privacyPolicy: say('site.privacyPolicy'),
    markdownVersion: say('site.markdownVersion'),
    siteMapForModels: say('site.siteMapForModels'),
    updated: say('site.updated'),
    notFound: {
      title: say('site.notFound.title'),
      lead: say('site.notFound.lead'),
      suggestions: say('site.notFound.suggestions'),
      goHome: say('site.notFound.goHome'),
      browseServices: say('site.notFound.browseServices'),
      contactUs: say('site.notFound.contactUs'),
      searchHint: say('site.notFound.searchHint'),
      agentHint: say('site.notFound.agentHint'),
    },
  };
}

export const FRAME_LABELS: Readonly<Record<Lang, FrameLabels>> = { pl: frameLabels('pl'), en: frameLabels('en') };
