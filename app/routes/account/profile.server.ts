/** The profile page's forms: details, password, the record club panel's buttons and address, and the wants list. */
import type { AppLoadContext } from "react-router";
import { changePasswordFormSchema } from "~/domain/accounts/auth-schemas";
import { profileFormSchema } from "~/domain/accounts/profile-schemas";
import { clubAddressSchema, memberActionSchema } from "~/domain/club/club-schemas";
import { wantRemoveSchema, wantSchema } from "~/domain/wants/want-schema";
import { intent } from "~/lib/forms/form-action.server";
import { clearedForm } from "~/lib/forms/form-reply";
import { redirectWithToast } from "~/lib/toast.server";

const CLUB_TOASTS = {
  pause: "Membership paused. Nothing is charged until you resume.",
  resume: "Membership resumed.",
  skip: "Next month skipped: nothing is charged and no record is sent.",
  unskip: "Next month is back on.",
  cancel: "Membership cancelled. It ends at the end of the month you have paid for.",
  keep: "Your membership carries on.",
} as const;

const saved = (title: string, description: string) => ({ type: "success" as const, title, description });

export function profileIntents(context: AppLoadContext, user: { id: number; email: string }) {
  const { accounts, club, wants } = context.services;
  const wantFailure = { failure: "Could not change your want" };
  return {
    profile: intent(
      profileFormSchema,
      (value) => {
        accounts.updateProfile(user.id, value);
        return { intent: "profile", toast: saved("Profile saved", "Your details are up to date.") };
      },
      { failure: "Could not save" },
    ),
    password: intent(
      changePasswordFormSchema,
      async (value) => {
        await accounts.changePassword(user.id, context.sessionId, value);
        return { ...clearedForm("password"), toast: saved("Password changed", "Other devices have been signed out.") };
      },
      { hide: ["currentPassword", "newPassword", "confirmPassword"], failure: "Could not save" },
    ),
    // A refused club button (the membership changed meanwhile) shows why; the page reloads the panel as it is now.
    club: intent(
      memberActionSchema,
      async ({ action }) => {
        await club.act(user.id, action, { today: context.today });
        return redirectWithToast("/profile#club", saved("Record club", CLUB_TOASTS[action]));
      },
      { failure: "Could not change your membership" },
    ),
    "club-address": intent(
      clubAddressSchema,
      (address) => {
        club.changeAddress(user.id, address, { today: context.today });
        return redirectWithToast("/profile#club", saved("Delivery address saved", "Your club records go there from now on."));
      },
      { failure: "Could not save your address" },
    ),
    "want-update": intent(
      wantSchema,
      (value) => {
        wants.want(value, { user });
        return redirectWithToast("/profile#wants", saved("Want saved", "We will email you when it happens."));
      },
      wantFailure,
    ),
    "want-remove": intent(
      wantRemoveSchema,
      (value) => {
        wants.removeForUser(user, value);
        return redirectWithToast("/profile#wants", saved("Want removed", "No more alerts about that record."));
      },
      wantFailure,
    ),
  };
}
