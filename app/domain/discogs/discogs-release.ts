/** A release's page on Discogs, which the back office links to from a pressing and each of its copies. */
export const discogsReleaseUrl = (releaseId: number): string => `https://www.discogs.com/release/${releaseId}`;
