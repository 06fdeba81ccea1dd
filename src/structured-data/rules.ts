/**
 * What schema.org objects must and should carry, per type: the properties Google's structured
 * data guidelines require for a rich result (developers.google.com/search/docs/appearance/
 * structured-data), and the ones AI search and answer engines read to name, date, price and
 * locate a thing. Used by the validator (validate.ts), which our own objects must pass, and by
 * the AI-visibility scan's JSON-LD check.
 */
export interface TypeRule {
  /** Each must be present and non-empty; a missing one is an error. */
  readonly required?: readonly string[];
  /** At least one property of each group must be present; otherwise an error. */
  readonly requiredOneOf?: readonly (readonly string[])[];
  /** Missing ones are warnings; checked on top-level nodes only (nested nodes are often summaries). */
  readonly recommended?: readonly string[];
}

export const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  Organization: {
    required: ['name', 'url'],
    recommended: ['logo', 'sameAs', 'address', 'telephone', 'email', 'contactPoint', 'description'],
  },
  LocalBusiness: {
    required: ['name', 'address'],
    recommended: ['url', 'telephone', 'image', 'geo', 'openingHoursSpecification', 'priceRange'],
  },
  WebSite: { required: ['name', 'url'], recommended: ['inLanguage', 'publisher'] },
  WebPage: { recommended: ['name', 'url', 'inLanguage'] },
  Article: {
    required: ['headline', 'author', 'datePublished'],
    recommended: ['dateModified', 'image', 'publisher', 'description', 'inLanguage'],
  },
  Service: { required: ['name'], recommended: ['provider', 'description', 'url'] },
  Product: { required: ['name'], requiredOneOf: [['offers', 'review', 'aggregateRating']], recommended: ['description', 'image', 'brand'] },
  Offer: { requiredOneOf: [['price', 'priceSpecification']], recommended: ['url', 'priceCurrency'] },
  AggregateOffer: { required: ['lowPrice', 'priceCurrency'], recommended: ['highPrice', 'offerCount'] },
  PriceSpecification: { required: ['priceCurrency'], requiredOneOf: [['price', 'minPrice', 'maxPrice']] },
  Event: {
    required: ['name', 'startDate', 'location'],
    recommended: ['endDate', 'eventStatus', 'eventAttendanceMode', 'organizer', 'description', 'image', 'offers'],
  },
  Place: { required: ['address'], recommended: ['name'] },
  VirtualLocation: { required: ['url'] },
  PostalAddress: { recommended: ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry'] },
  ContactPoint: { required: ['contactType'], requiredOneOf: [['telephone', 'email', 'url']] },
  Person: { required: ['name'] },
  City: { required: ['name'] },
  FAQPage: { required: ['mainEntity'] },
  Question: { required: ['name', 'acceptedAnswer'] },
  Answer: { required: ['text'] },
  BreadcrumbList: { required: ['itemListElement'] },
  ListItem: { required: ['position'], requiredOneOf: [['item', 'name', 'url']] },
  ItemList: { recommended: ['itemListElement'] },
};

/**
 * Each type's parent, for the types whose rules come from a parent (schema.org's hierarchy,
 * trimmed to what the rules need). A type inherits every rule of its ancestors.
 */
export const SUPERTYPES: Readonly<Record<string, string>> = {
  // Organizations and local businesses.
  Corporation: 'Organization',
  NGO: 'Organization',
  EducationalOrganization: 'Organization',
  GovernmentOrganization: 'Organization',
  NewsMediaOrganization: 'Organization',
  OnlineBusiness: 'Organization',
  OnlineStore: 'OnlineBusiness',
  LocalBusiness: 'Organization',
  ProfessionalService: 'LocalBusiness',
  Store: 'LocalBusiness',
  FoodEstablishment: 'LocalBusiness',
  Restaurant: 'FoodEstablishment',
  CafeOrCoffeeShop: 'FoodEstablishment',
  MedicalBusiness: 'LocalBusiness',
  Dentist: 'LocalBusiness',
  LegalService: 'LocalBusiness',
  FinancialService: 'LocalBusiness',
  AccountingService: 'FinancialService',
  HomeAndConstructionBusiness: 'LocalBusiness',
  AutomotiveBusiness: 'LocalBusiness',
  HealthAndBeautyBusiness: 'LocalBusiness',
  LodgingBusiness: 'LocalBusiness',
  Hotel: 'LodgingBusiness',
  RealEstateAgent: 'LocalBusiness',
  TravelAgency: 'LocalBusiness',
  EmploymentAgency: 'LocalBusiness',
  EntertainmentBusiness: 'LocalBusiness',
  SportsActivityLocation: 'LocalBusiness',
  // Web pages.
  AboutPage: 'WebPage',
  CheckoutPage: 'WebPage',
  CollectionPage: 'WebPage',
  ContactPage: 'WebPage',
  ItemPage: 'WebPage',
  MedicalWebPage: 'WebPage',
  ProfilePage: 'WebPage',
  QAPage: 'WebPage',
  RealEstateListing: 'WebPage',
  SearchResultsPage: 'WebPage',
  FAQPage: 'WebPage',
  // Articles.
  SocialMediaPosting: 'Article',
  BlogPosting: 'SocialMediaPosting',
  LiveBlogPosting: 'BlogPosting',
  DiscussionForumPosting: 'SocialMediaPosting',
  NewsArticle: 'Article',
  AnalysisNewsArticle: 'NewsArticle',
  OpinionNewsArticle: 'NewsArticle',
  ReportageNewsArticle: 'NewsArticle',
  ReviewNewsArticle: 'NewsArticle',
  TechArticle: 'Article',
  APIReference: 'TechArticle',
  ScholarlyArticle: 'Article',
  Report: 'Article',
  SatiricalArticle: 'Article',
  AdvertiserContentArticle: 'Article',
  // Services.
  BroadcastService: 'Service',
  CableOrSatelliteService: 'Service',
  FinancialProduct: 'Service',
  FoodService: 'Service',
  GovernmentService: 'Service',
  TaxiService: 'Service',
  WebAPI: 'Service',
  // Offers and prices.
  OfferForLease: 'Offer',
  OfferForPurchase: 'Offer',
  UnitPriceSpecification: 'PriceSpecification',
  CompoundPriceSpecification: 'PriceSpecification',
  DeliveryChargeSpecification: 'PriceSpecification',
  PaymentChargeSpecification: 'PriceSpecification',
  // Events.
  BusinessEvent: 'Event',
  ChildrensEvent: 'Event',
  ComedyEvent: 'Event',
  CourseInstance: 'Event',
  DanceEvent: 'Event',
  DeliveryEvent: 'Event',
  EducationEvent: 'Event',
  ExhibitionEvent: 'Event',
  Festival: 'Event',
  FoodEvent: 'Event',
  Hackathon: 'Event',
  LiteraryEvent: 'Event',
  MusicEvent: 'Event',
  SaleEvent: 'Event',
  ScreeningEvent: 'Event',
  SocialEvent: 'Event',
  SportsEvent: 'Event',
  TheaterEvent: 'Event',
  VisualArtsEvent: 'Event',
  // Places and lists.
  City: 'Place',
  Country: 'Place',
  State: 'Place',
  AdministrativeArea: 'Place',
  OfferCatalog: 'ItemList',
  HowToSection: 'ItemList',
};

/**
 * Types whose own rules replace their ancestors' (a City needs no street address; Google asks a
 * LocalBusiness for an address, not a URL).
 */
const STANDALONE: ReadonlySet<string> = new Set(['LocalBusiness', 'City', 'Country', 'State', 'AdministrativeArea']);

/** The rules for a type and all its ancestors, merged; `undefined` for a type without rules. */
export function rulesFor(type: string): TypeRule | undefined {
  const chain: TypeRule[] = [];
  const seen = new Set<string>();
  for (let current: string | undefined = type; current !== undefined && !seen.has(current); current = STANDALONE.has(current) ? undefined : SUPERTYPES[current]) {
    seen.add(current);
    const rule = TYPE_RULES[current];
    if (rule) chain.push(rule);
  }
  if (chain.length === 0) return undefined;
  return {
    required: unique(chain.flatMap((rule) => rule.required ?? [])),
    requiredOneOf: chain.flatMap((rule) => rule.requiredOneOf ?? []),
    recommended: unique(chain.flatMap((rule) => rule.recommended ?? [])),
  };
}

/** Whether `type` is `ancestor` or one of its subtypes (`BlogPosting` is an `Article`). */
export function isTypeOf(type: string, ancestor: string): boolean {
  const seen = new Set<string>();
  for (let current: string | undefined = type; current !== undefined && !seen.has(current); current = SUPERTYPES[current]) {
    if (current === ancestor) return true;
    seen.add(current);
  }
  return false;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
