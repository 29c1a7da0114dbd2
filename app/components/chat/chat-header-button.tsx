import { Icon } from "~/components/icons/icon";
import { useEffect, useState } from "react";
import { HELP_PATH } from "~/domain/chat/help-path";
import { useHydrated } from "~/lib/use-hydrated";

/** Asks the chat to open; VinylBot listens. The opener is where focus goes back when the chat closes. */
export const CHAT_OPEN_EVENT = "needledrop:chat-open";
/** VinylBot says when it is minimised (detail: true) or not, so a launcher elsewhere can show it. */
export const CHAT_MINIMISED_EVENT = "needledrop:chat-minimised";

export function requestChatOpen(opener: HTMLElement) {
  window.dispatchEvent(new CustomEvent(CHAT_OPEN_EVENT, { detail: opener }));
}

const buttonClass = "icon-btn text-needle-dark";

/**
 * The chat's button on phones and tablets, in the header next to the search: a button floating in a corner of a
 * 390 px screen always sits on some card's button or price. From lg up VinylBot's own launcher sits on the side
 * navigation's foot instead. Without JavaScript it opens the same help page (/help) as that launcher.
 */
export function ChatHeaderButton() {
  const hydrated = useHydrated();
  const [minimised, setMinimised] = useState(false);
  useEffect(() => {
    const onMinimised = (event: Event) => setMinimised((event as CustomEvent<boolean>).detail === true);
    window.addEventListener(CHAT_MINIMISED_EVENT, onMinimised);
    return () => window.removeEventListener(CHAT_MINIMISED_EVENT, onMinimised);
  }, []);
  const icon = <Icon name="message-circle" />;
  if (!hydrated)
    return (
      <a id="vinylbot-header-launcher" href={HELP_PATH} aria-label="Chat with VinylBot" className={`${buttonClass} lg:hidden`}>
        {icon}
      </a>
    );
  return (
    <button
      type="button"
      id="vinylbot-header-launcher"
      aria-label={minimised ? "Resume chat with VinylBot" : "Chat with VinylBot"}
      aria-haspopup="dialog"
      onClick={(event) => requestChatOpen(event.currentTarget)}
      className={`${buttonClass} lg:hidden`}
    >
      {icon}
      {minimised && <span aria-hidden className="absolute top-1 right-1 h-2.5 w-2.5 rounded-full bg-label ring-2 ring-white" />}
    </button>
  );
}
