/**
 * Magazine typography for a post's rendered Markdown: a serif text column, a drop cap on the opening
 * paragraph and blockquotes set as pull-quotes. Written as arbitrary variants scoped to this element,
 * so the styles reach only the post's own HTML.
 */
const BODY = [
  "font-display text-[1.0625rem] leading-[1.8] text-stone-800 sm:text-lg",
  "[&>*:first-child]:mt-0 [&_p]:mt-6",
  // Drop cap: the first letter of the opening paragraph, three lines tall.
  "[&>p:first-of-type]:first-letter:float-left [&>p:first-of-type]:first-letter:mt-1.5 [&>p:first-of-type]:first-letter:mr-3",
  "[&>p:first-of-type]:first-letter:font-black [&>p:first-of-type]:first-letter:text-[4.6rem] [&>p:first-of-type]:first-letter:leading-[0.8]",
  "[&>p:first-of-type]:first-letter:text-needle-dark",
  "[&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:text-ink sm:[&_h2]:text-3xl",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-ink [&_h4]:mt-8 [&_h4]:font-bold [&_h4]:text-ink",
  "[&_a]:font-semibold [&_a]:text-needle-dark [&_a]:underline [&_a]:decoration-1 [&_a]:underline-offset-2 [&_a:hover]:decoration-2",
  "[&_strong]:font-bold [&_strong]:text-ink [&_em]:italic",
  "[&_ul]:mt-6 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li]:marker:text-needle-dark",
  // Pull-quote: big italic serif between heavy rules, with a large opening quote mark.
  "[&_blockquote]:my-12 [&_blockquote]:border-y-2 [&_blockquote]:border-ink [&_blockquote]:py-7 [&_blockquote]:text-center",
  "[&_blockquote]:text-2xl [&_blockquote]:leading-snug [&_blockquote]:font-bold [&_blockquote]:text-ink [&_blockquote]:italic sm:[&_blockquote]:text-[1.75rem]",
  "[&_blockquote]:before:mb-2 [&_blockquote]:before:block [&_blockquote]:before:text-6xl [&_blockquote]:before:leading-[0.5] [&_blockquote]:before:text-needle [&_blockquote]:before:content-['“']",
  "[&_blockquote_p]:mt-0 [&_blockquote_p+p]:mt-4",
  "[&_code]:rounded [&_code]:bg-stone-200 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em]",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-ink [&_pre]:p-4 [&_pre]:text-stone-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:my-12 [&_hr]:border-stone-300",
  "[&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-sm",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:font-sans [&_table]:text-sm [&_th]:border-b-2 [&_th]:border-ink [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-stone-300 [&_td]:py-2",
].join(" ");

/** The post's body. `html` must be sanitised HTML from the server (the magazine service renders it). */
export function ArticleBody({ html }: { html: string }) {
  return <div className={BODY} dangerouslySetInnerHTML={{ __html: html }} />;
}
