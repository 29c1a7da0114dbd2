import type { CardTrack } from "~/domain/catalogue/record-api";
import { RecordGrid } from "../record-grid";
import { EmptyState, HomeSection } from "./home-section";

interface RecordShelfProps {
  id: string;
  title: string;
  eyebrow?: string;
  action?: { href: string; label: string };
  tracks: CardTrack[];
  empty: string;
}

/** A home list of record cards (Pre-Orders, New Releases, Best Sellers), or its empty message. */
export function RecordShelf({ tracks, empty, ...section }: RecordShelfProps) {
  return (
    <HomeSection {...section}>
      {tracks.length > 0 ? <RecordGrid tracks={tracks} /> : <EmptyState>{empty}</EmptyState>}
    </HomeSection>
  );
}
