/** The schedule page's answers: where a form goes back to, and what each move's toast says. */
import { formatLondonInstant, RELEASE_STATUS_LABELS, SCHEDULE_PATH, type ReleaseStatus } from "~/domain/schedule/schedule";
import { formatDateGB } from "~/domain/shared/dates";
import type { Toast } from "~/domain/shared/toast";
import { askToConfirm, type ConfirmAsk } from "~/lib/forms/confirm-step";

/** The schedule page the form was on (its month and view), never anywhere else. */
export function scheduleBack(formData: FormData): string {
  const back = formData.get("back");
  return typeof back === "string" && back.startsWith(SCHEDULE_PATH) ? back : SCHEDULE_PATH;
}

export function movedToast(moved: {
  changed: boolean;
  told: number;
  releaseDate: string;
  physicalReleaseDate: string | null;
  status: ReleaseStatus;
}): Toast {
  const told = `${moved.told} customer${moved.told === 1 ? "" : "s"} told`;
  const physical = moved.physicalReleaseDate ? `; physical release ${formatDateGB(moved.physicalReleaseDate)}` : "";
  return {
    type: "success",
    title: moved.changed ? `Release date moved; ${told}` : `Release date unchanged; ${told}`,
    description: `Now ${formatDateGB(moved.releaseDate)}: ${RELEASE_STATUS_LABELS[moved.status].toLowerCase()}${physical}.`,
  };
}

export function scheduledToast(item: { name: string; publishAt: string | null }): Toast {
  return { type: "success", title: "Scheduled", description: `${item.name} appears ${formatLondonInstant(item.publishAt!)}.` };
}

export function publishedToast(item: { name: string }, published: boolean): Toast {
  return published
    ? { type: "success", title: "Published", description: `${item.name} is on the shop now.` }
    : { type: "success", title: "Unpublished", description: `${item.name} is hidden from the shop.` };
}

/** The question before a record is taken off the shop; its panel posts the same form again, confirmed. */
export function askToUnpublish(item: { name: string; kind: string; target: string }, back: string): ConfirmAsk {
  return askToConfirm("unpublish", {
    title: `Unpublish ${item.name}?`,
    body: "It disappears from every shop page, search and list at once, and stays hidden until it is published or scheduled again.",
    confirmLabel: "Yes, unpublish it",
    keepLabel: "Keep it on the shop",
    keepTo: back,
    fields: { kind: item.kind, target: item.target, back },
  });
}
