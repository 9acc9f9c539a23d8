/**
 * Content pages are plain data: headings, paragraphs and lists. Text may hold links written [text](/path);
 * the page renders them as links, nothing else is interpreted.
 */
export type ContentBlock =
  | { h2: string }
  | { h3: string }
  | { p: string }
  | { ul: string[] }
  | { ol: string[] }
  | { faq: { q: string; a: string }[] }
  | { cta: { label: string; to: string } };

export interface ContentPage {
  title: string;
  /** Meta description. */
  description: string;
  lead?: string;
  /** "Last updated" date for legal texts (ISO yyyy-mm-dd). */
  updated?: string;
  blocks: ContentBlock[];
}
