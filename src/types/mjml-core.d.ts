/** mjml-core ships no types; this is the part we call (docs: https://documentation.mjml.io/#usage). */
declare module 'mjml-core' {
  interface MjmlOptions {
    readonly validationLevel?: 'strict' | 'soft' | 'skip';
    readonly presets?: readonly unknown[];
    /** Web fonts to link; {} links none (no remote resources). */
    readonly fonts?: Readonly<Record<string, string>>;
    readonly keepComments?: boolean;
    readonly minify?: boolean;
  }
  interface MjmlResult {
    readonly html: string;
    readonly errors: readonly { readonly formattedMessage: string }[];
  }
  export default function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult>;
}

declare module 'mjml-preset-core' {
  const preset: unknown;
  export default preset;
}
