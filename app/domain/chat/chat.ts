/** Spec §3 chat message shape (id, content, role, timestamp), plus optional links to shop pages. */
export interface ChatLink {
  href: string;
  label: string;
}

export interface ChatMessage {
  id: string;
  content: string;
  role: "user" | "assistant";
  /** ISO-8601 time the message was written. */
  timestamp: string;
  links?: ChatLink[];
}

let counter = 0;

/** A message with a fresh id (unique within the page; crypto.randomUUID needs a secure context). */
export function chatMessage(role: ChatMessage["role"], content: string, links?: ChatLink[], now: Date = new Date()): ChatMessage {
  counter += 1;
  return {
    id: `${now.getTime().toString(36)}-${counter}`,
    content,
    role,
    timestamp: now.toISOString(),
    ...(links?.length ? { links } : {}),
  };
}
