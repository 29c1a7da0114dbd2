/** A file a form sent: its bytes are read only after the size is known to be within bounds. */
export type Upload = Pick<File, "size" | "arrayBuffer"> | null | undefined;
