import * as z from 'zod';

/** The contract's shared enumerations. */
export const LANGS = ['pl', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const langSchema = z.enum(LANGS);

/** What a periodic or per-unit price is charged per (a price without a unit is one price for the whole service). */
export const PRICE_PERS = ['month', 'year', 'week', 'day', 'hour', 'person', 'page'] as const;
export type PricePer = (typeof PRICE_PERS)[number];

export const PAGE_TYPES = [
  'services_index',
  'service_area',
  'service',
  'city_page',
  'pricing',
  'case_studies',
  'event',
  'blog',
  'company',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const pageTypeSchema = z.enum(PAGE_TYPES);

/** A canonical page path: `/`, or lower-case segments each followed by a slash. */
export const PAGE_PATH_PATTERN = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*$/;
export const pagePathSchema = z
  .string()
  .regex(PAGE_PATH_PATTERN, 'must start and end with "/" and use only a-z, 0-9, "-" and "/" (e.g. /pl/uslugi/)');

/** YAML turns bare dates into Date objects; accept both and keep the ISO day. */
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
);

const isoDateTime = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString() : value),
  z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-10T09:30:00+01:00' }),
);

export const eventDetailsSchema = z
  .object({
    start: isoDateTime,
    end: isoDateTime,
    location: z.union([
      z.object({ online: z.literal(true) }).strict(),
      z.object({ name: z.string().min(1), address: z.string().min(1) }).strict(),
    ]),
    /** Participation costs nothing (schema.org: an Offer with price 0). */
    free: z.boolean().optional(),
  })
  .strict()
  .refine((event) => Date.parse(event.end) >= Date.parse(event.start), 'end must not be before start');
export type EventDetails = z.infer<typeof eventDetailsSchema>;

/** Page metadata, from Markdown front matter or an HTML page's head. */
export const pageMetaSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().min(1).max(400),
    type: pageTypeSchema,
    lang: langSchema,
    path: pagePathSchema,
    alternate: pagePathSchema.optional(),
    published: isoDate.optional(),
    updated: isoDate.optional(),
    service: z.string().min(1).optional(),
    city: z.string().min(1).optional(),
    event: eventDetailsSchema.optional(),
    author: z.string().min(1).optional(),
    /** The page only lists other pages (an archive, a tag page, a paginated list): never ranked above them. */
    listing: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((meta) => meta.type !== 'event' || meta.event !== undefined, {
    message: 'event pages need an `event` block (start, end, location)',
    path: ['event'],
  });
export type PageMeta = z.infer<typeof pageMetaSchema>;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
/** File types an asset may have, by extension, with the Content-Type it is served with. */
export const ASSET_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };
export const ASSET_NAME = /^[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp)$/;
const assetPath = z.string().regex(/^\/assets\/[a-z0-9][a-z0-9._-]*\.(svg|png|jpe?g|webp)$/, 'must be an absolute http(s) URL or /assets/<file> (svg, png, jpg or webp, lower-case name)');
const perLang = <T extends z.ZodType>(value: T) => z.partialRecord(langSchema, value);
const price = z.number().nonnegative().nullable();

/**
 * What a price is charged per: `unit: month`, or `unit: { per: day, label: { pl: za dzień dla
 * grupy, en: per day for a group } }` with the site's own words. Without `per`, the label is
 * needed in every language the item is offered in (checked with the other translations).
 */
const priceUnit = z.preprocess(
  (value) => (typeof value === 'string' ? { per: value } : value),
  z
    .object({
      per: z.enum(PRICE_PERS, { error: `must be one of ${PRICE_PERS.join(', ')} (or give only a label in the site's words)` }).optional(),
      label: perLang(z.string().trim().min(1).max(60)).optional(),
    })
    .strict()
    .refine((unit) => unit.per !== undefined || (unit.label !== undefined && Object.keys(unit.label).length > 0), 'needs `per` (month, day…) or a `label` in the site\'s words, or both'),
);

export const siteFileSchema = z
  .object({
    company: z.string().min(1),
    siteUrl: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the site' }),
    languages: z.array(langSchema).min(1),
    defaultLanguage: langSchema,
    summary: perLang(z.string().min(1)),
    /**
     * Where send_inquiry sends inquiries (unless INQUIRY_TO says otherwise). A site that publishes
     * no sales address (a documentation site) leaves it out: send_inquiry then says so and sends
     * nothing (docs/decisions/0142-unpublished-contact.md).
     */
    salesEmail: z.email().optional(),
    /**
     * The company's logo and a representative image, for schema.org and Open Graph: absolute
     * URLs, or the path of a file in the content directory's assets/ folder (`/assets/logo.svg`),
     * which the server serves itself.
     */
    logo: z.union([httpUrl, assetPath]).optional(),
    image: z.union([httpUrl, assetPath]).optional(),
    /** The company's profiles elsewhere (LinkedIn, GitHub...), for schema.org sameAs. */
    sameAs: z.array(httpUrl).optional(),
    address: z
      .object({
        street: z.string().min(1),
        postalCode: z.string().min(1),
        city: z.string().min(1),
        country: z.string().length(2, 'must be a two-letter country code'),
      })
      .strict()
      .optional(),
    /**
     * Each language's contact options. Each detail is optional: what the site does not publish is
     * left out, never invented, and get_contact says which are not published.
     */
    contact: perLang(
      z
        .object({
          email: z.email().optional(),
          phone: z.string().min(3).optional(),
          /** The contact page: a page of this site (the HTML mirror has no forms). */
          contactForm: pagePathSchema.optional(),
          /** A real contact form, when there is one (often on the company's own site). */
          formUrl: httpUrl.optional(),
          privacyPolicy: pagePathSchema.optional(),
          note: z.string().min(1).optional(),
        })
        .strict(),
    ),
    inquiry: z.object({ nextStep: perLang(z.string().min(1)) }).strict(),
    pricing: z
      .object({
        note: perLang(z.string().min(1)),
        currency: perLang(z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as PLN')),
        items: z.array(
          z
            .object({
              id: z.string().regex(/^[a-z0-9-]+$/, 'must use only a-z, 0-9 and "-"'),
              name: perLang(z.string().min(1)),
              description: perLang(z.string().min(1)).optional(),
              page: perLang(pagePathSchema),
              from: perLang(price),
              /** What the price is per (month, day…); its packages share it unless they state their own. */
              unit: priceUnit.optional(),
              packages: z
                .array(z.object({ name: perLang(z.string().min(1)), from: perLang(price), unit: priceUnit.optional() }).strict())
                .optional(),
            })
            .strict(),
        ),
      })
      .strict(),
    services: z.array(
      z
        .object({
          area: perLang(pagePathSchema),
          services: z.array(perLang(pagePathSchema)),
        })
        .strict(),
    ),
    search: z
      .object({
        synonyms: perLang(
          z.array(
            z
              .array(z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'))
              .min(2, 'a synonym set needs at least two phrases that mean the same'),
          ),
        ),
      })
      .strict()
      .optional(),
    /** Read only by `site-content-mcp import`: page-type rules that come before the defaults. */
    import: z
      .object({
        pageTypes: z
          .array(
            z
              .object({
                path: z.string().regex(/^\//, 'must be a path pattern starting with "/", such as /oferta/** or /**/kursy/*/'),
                type: pageTypeSchema,
              })
              .strict(),
          )
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type SiteFile = z.infer<typeof siteFileSchema>;
