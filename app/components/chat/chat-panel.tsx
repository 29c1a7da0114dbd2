import { Icon } from "~/components/icons/icon";
import { useEffect, useRef, useState } from "react";
import { GREETING, isSendable, MESSAGE_MAX_LENGTH, replyDelayMs, catalogueMayAnswer, matchTopic } from "~/domain/chat/answers";
import { dateFormatter } from "~/domain/shared/date-formatter";
import type { ChatLookupResult } from "~/domain/chat/catalogue-reply";
import { chatMessage, type ChatMessage } from "~/domain/chat/chat";
import { composeReply } from "~/domain/chat/reply";
import { Link } from "react-router";

/**
 * VinylBot's conversation (spec §2, §4, §9), loaded when the chat is first opened: the canned answers and the reply
 * rules are not part of any page's first load. It lives while the chat is open or minimised (hidden, the
 * conversation kept) and is dropped when the chat is closed. Replies are local canned answers, or, when a message
 * names a record or an artist, the live catalogue's stock (GET /api/chat/lookup). A typing indicator shows for a
 * random 300–1000 ms before each reply.
 */

const LOOKUP_TIMEOUT_MS = 4000;

async function lookupCatalogue(text: string, signal: AbortSignal): Promise<ChatLookupResult | null> {
  try {
    const query = new URLSearchParams({ q: text.slice(0, MESSAGE_MAX_LENGTH) });
    const res = await fetch(`/api/chat/lookup?${query}`, { signal, headers: { accept: "application/json" } });
    return res.ok ? ((await res.json()) as ChatLookupResult) : null;
  } catch {
    return null; // offline or timed out: the canned answer will do
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export default function ChatPanel({
  visible,
  onMinimise,
  onClose,
}: {
  visible: boolean;
  onMinimise: () => void;
  onClose: () => void;
}) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [chatMessage("assistant", GREETING)]);
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  // Set when the conversation ends (the panel is dropped), so a reply still on its way is not shown.
  const ended = useRef(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (visible) input.current?.focus();
  }, [visible]);

  // Keep the newest message in view.
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending, visible]);

  useEffect(() => {
    ended.current = false;
    return () => {
      ended.current = true;
      inFlight.current?.abort();
    };
  }, []);

  const minimise = onMinimise;
  const close = onClose;

  async function reply(text: string) {
    const started = Date.now();
    const delay = replyDelayMs();
    let lookup: ChatLookupResult | null = null;
    // The catalogue's answer, or the shop's pre-order charging for the pre-order answer (it follows the setting).
    if (catalogueMayAnswer(text) || matchTopic(text)?.id === "pre-order") {
      const controller = new AbortController();
      inFlight.current = controller;
      const timeout = setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
      lookup = await lookupCatalogue(text, controller.signal);
      clearTimeout(timeout);
    }
    await sleep(delay - (Date.now() - started));
    if (ended.current) return;
    const { content, links } = composeReply(text, lookup);
    setMessages((current) => [...current, chatMessage("assistant", content, links)]);
    setPending(false);
  }

  function send() {
    if (pending || !isSendable(draft)) return;
    const text = draft.trim().slice(0, MESSAGE_MAX_LENGTH);
    setMessages((current) => [...current, chatMessage("user", text)]);
    setDraft("");
    setPending(true);
    void reply(text);
  }

  return (
    <section
      id="vinylbot-dialog"
      role="dialog"
      aria-modal="false"
      aria-label="VinylBot chat"
      hidden={!visible}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          minimise();
        }
      }}
      className="fixed inset-x-2 bottom-2 z-40 flex h-[32rem] max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-2xl bg-white text-ink shadow-2xl ring-1 ring-stone-300 sm:inset-x-auto sm:right-5 sm:bottom-5 sm:w-96 lg:right-auto lg:bottom-4 lg:left-4"
    >
      <header className="flex items-center gap-3 bg-ink px-4 py-3 text-white">
        <Icon name="disc" className="h-7 w-7 text-label" />
        <div className="flex-1">
          <h2 className="font-semibold">VinylBot</h2>
          <p className="text-xs text-stone-300">Needledrop's record assistant</p>
        </div>
        <button type="button" onClick={minimise} aria-label="Minimise chat" className="rounded-full p-1.5 hover:bg-white/15">
          <Icon name="minus" className="h-5 w-5" />
        </button>
        <button type="button" onClick={close} aria-label="Close chat" className="rounded-full p-1.5 hover:bg-white/15">
          <Icon name="x" className="h-5 w-5" />
        </button>
      </header>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label="Conversation with VinylBot"
        className="flex-1 overflow-y-auto bg-paper p-4"
      >
        <ol className="space-y-3">
          {messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
          {pending && (
            <li data-testid="vinylbot-typing" className="flex">
              <span className="sr-only">VinylBot is typing…</span>
              <span
                aria-hidden
                className="flex gap-1 rounded-2xl rounded-bl-sm bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200"
              >
                {[0, 150, 300].map((d) => (
                  <span
                    key={d}
                    className="h-2 w-2 animate-bounce rounded-full bg-stone-500"
                    style={{ animationDelay: `${d}ms` }}
                  />
                ))}
              </span>
            </li>
          )}
        </ol>
      </div>
      <form
        className="flex items-end gap-2 border-t border-stone-200 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor="vinylbot-input" className="sr-only">
          Message VinylBot
        </label>
        <textarea
          ref={input}
          id="vinylbot-input"
          rows={2}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter is a new line; never mid-composition (Japanese, Chinese input).
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          placeholder="Ask about a record, delivery, returns…"
          aria-describedby="vinylbot-input-hint"
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-stone-300 bg-white px-3 py-2 text-base focus:border-needle focus:outline-none"
        />
        <p id="vinylbot-input-hint" className="sr-only">
          Enter sends, Shift+Enter starts a new line.
        </p>
        <button
          type="submit"
          disabled={pending || !isSendable(draft)}
          aria-label="Send message"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-ink text-white hover:bg-needle disabled:cursor-not-allowed disabled:opacity-40"
        >
          <Icon name="send" className="h-5 w-5" />
        </button>
      </form>
    </section>
  );
}

const messageTime = dateFormatter("en-GB", { hour: "2-digit", minute: "2-digit" });

function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === "user";
  return (
    <li className={`flex flex-col ${mine ? "items-end" : "items-start"}`} data-role={message.role}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-line shadow-sm ${
          mine ? "rounded-br-sm bg-ink text-white" : "rounded-bl-sm bg-white ring-1 ring-stone-200"
        }`}
      >
        <span className="sr-only">{mine ? "You: " : "VinylBot: "}</span>
        {message.content}
        {message.links && (
          <ul className="mt-2 space-y-1">
            {message.links.map((l) => (
              <li key={l.href}>
                <Link to={l.href} className="font-medium text-needle-dark underline hover:text-needle">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <time dateTime={message.timestamp} className="mt-0.5 px-1 text-xs text-stone-600">
        {messageTime().format(new Date(message.timestamp))}
      </time>
    </li>
  );
}
