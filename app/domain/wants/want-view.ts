/** A want as its owner sees it on /profile: the record, its state today and what the want waits for. */
export interface WantView {
  wantId: number;
  recordId: number;
  title: string;
  artist: string;
  path: string;
  pricePence: number;
  stock: number;
  releaseDate: string | null;
  backInStock: boolean;
  onRelease: boolean;
  priceBelowPence: number | null;
  status: "active" | "done" | "unsubscribed";
}
