import { Icon } from "~/components/icons/icon";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { HELP_PATH } from "~/domain/chat/help-path";
import { useHydrated } from "~/lib/use-hydrated";
import { CHAT_MINIMISED_EVENT, CHAT_OPEN_EVENT } from "./chat-header-button";

// The conversation's code loads when the chat is first opened, not with every page.
const ChatPanel = lazy(() => import("./chat-panel"));

/**
 * VinylBot (spec §2, §4, §9): a floating button that opens a chat panel with a greeting (./chat-panel.tsx).
 *
 * States: closed → open ⇄ minimised (the conversation is kept) → closed (it is dropped). Escape
 * minimises; focus goes to the input on opening and back to the button on minimising or closing.
 *
 * Without JavaScript (and until the page has hydrated) the button is a link to /help, a page of the same
 * topics. It was a panel in every page, 4 KB of HTML each, for the few who open it without JavaScript.
 */

type ChatState = "closed" | "open" | "minimised";

/**
 * Where the button floats: from lg up on the side navigation's own foot strip, bottom left, so it never covers the
 * page at any scroll position; the panel opens there too. Below lg it does not float at all: the header carries
 * the chat's button (ChatHeaderButton), as any corner of a phone's screen holds some card's button.
 */
const launcherClass = "chat-fab";

export function VinylBot() {
  const hydrated = useHydrated();
  const [state, setState] = useState<ChatState>("closed");
  const launcher = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // The header's button on phones, when it opened the chat: focus goes back there, not to the hidden launcher.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (state !== "open" && returnFocus.current) (opener.current?.checkVisibility() ? opener.current : launcher.current)?.focus();
    returnFocus.current = false;
    window.dispatchEvent(new CustomEvent(CHAT_MINIMISED_EVENT, { detail: state === "minimised" }));
  }, [state]);

  const open = useCallback(() => setState("open"), []);

  useEffect(() => {
    const onOpen = (event: Event) => {
      opener.current = (event as CustomEvent<HTMLElement | null>).detail ?? null;
      open();
    };
    window.addEventListener(CHAT_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(CHAT_OPEN_EVENT, onOpen);
  }, [open]);

  const minimise = useCallback(() => {
    returnFocus.current = true;
    setState("minimised");
  }, []);

  const close = useCallback(() => {
    returnFocus.current = true;
    setState("closed");
  }, []);

  const launcherLabel = state === "minimised" ? "Resume chat with VinylBot" : "Chat with VinylBot";

  return (
    <>
      {state !== "open" &&
        (hydrated ? (
          <button
            ref={launcher}
            id="vinylbot-launcher"
            type="button"
            onClick={() => {
              opener.current = null;
              open();
            }}
            aria-label={launcherLabel}
            aria-haspopup="dialog"
            aria-expanded={false}
            className={launcherClass}
          >
            <Icon name="message-circle" />
            {state === "minimised" && (
              <span
                aria-hidden
                data-testid="vinylbot-minimised"
                className="absolute top-0 right-0 h-3.5 w-3.5 rounded-full bg-label ring-2 ring-white"
              />
            )}
          </button>
        ) : (
          <a id="vinylbot-launcher" href={HELP_PATH} aria-label="Chat with VinylBot" className={launcherClass}>
            <Icon name="message-circle" />
          </a>
        ))}
      {state !== "closed" && (
        <Suspense fallback={null}>
          <ChatPanel visible={state === "open"} onMinimise={minimise} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
