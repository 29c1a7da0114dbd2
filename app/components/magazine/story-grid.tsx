import { FeatureStory, StoryCard } from "./story";
import type { PostSummary } from "~/domain/magazine/types";

// Rendered widths of a cover on its stage: about 62% of a small card's width, 55% of a large one's.
// The content column is the viewport less the 256 px sidebar from 1024 px.
const THIRD_SIZES = "(min-width: 1408px) 210px, (min-width: 1024px) calc((100vw - 384px) * 0.2), calc(31vw - 20px)";
const HALF_SIZES =
  "(min-width: 1408px) 285px, (min-width: 1024px) calc((100vw - 352px) * 0.27), (min-width: 640px) calc(27vw - 26px), calc(55vw - 18px)";

/**
 * Stories laid out like a magazine page, always in full rows: a lone story (or the odd one out of four,
 * seven…) is a feature, a pair side by side gets larger cards, the rest go three to a row.
 */
export function StoryGrid({ posts, headingLevel = 3 }: { posts: PostSummary[]; headingLevel?: 2 | 3 }) {
  const featureCount = posts.length % 3 === 1 ? 1 : 0;
  const pairCount = posts.length % 3 === 2 ? 2 : 0;
  const feature = posts.slice(0, featureCount);
  const pair = posts.slice(featureCount, featureCount + pairCount);
  const rest = posts.slice(featureCount + pairCount);
  return (
    <div className="space-y-12">
      {feature.map((p) => (
        <FeatureStory key={p.id} post={p} headingLevel={headingLevel} />
      ))}
      {pair.length > 0 && (
        <ul className="grid gap-10 sm:grid-cols-2 sm:gap-8 lg:gap-12">
          {pair.map((p) => (
            <li key={p.id} className="flex">
              <StoryCard post={p} size="medium" headingLevel={headingLevel} sizes={HALF_SIZES} />
            </li>
          ))}
        </ul>
      )}
      {rest.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 sm:gap-8 lg:grid-cols-3 lg:gap-y-12">
          {rest.map((p) => (
            <li key={p.id} className="flex">
              <StoryCard post={p} headingLevel={headingLevel} sizes={THIRD_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
