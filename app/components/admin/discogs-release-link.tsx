import { discogsReleaseUrl } from "~/domain/discogs/discogs-release";

/** A link to a release on Discogs, in a new tab (which learns nothing of the back office's page). */
export function DiscogsReleaseLink({
  releaseId,
  className,
  children,
}: {
  releaseId: number;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <a href={discogsReleaseUrl(releaseId)} target="_blank" rel="noopener noreferrer" className={className}>
      {children ?? `Discogs release ${releaseId}`}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
