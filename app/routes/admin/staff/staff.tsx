import { Form } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { FormAlert, inputClass } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { PERMISSIONS } from "~/domain/staff/permissions";
import {
  changeRoleSchema,
  customRoleSchema,
  inviteSchema,
  removeRoleSchema,
  setActiveSchema,
  twoFactorForAllSchema,
  withdrawInviteSchema,
} from "~/domain/staff/staff-rules";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/staff";

export const handle = staffHandle("staff.manage", { action: "staff.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Staff", description: "Who runs the shop, and what each of them may do." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/staff";

export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { staff, staffAccess } = context.services;
  return {
    me: actor.id,
    people: staff.list(),
    invites: staff.pendingInvites(),
    roles: staff.roles().map((r) => ({ ...r, permissions: [...r.permissions] })),
    twoFactorForAll: staffAccess.twoFactorRequiredForAll(),
    submissionKey: newSubmissionKey(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action);
  const { staff, staffAccess } = context.services;
  const done = (title: string, description?: string) => redirectWithToast(PATH, { type: "success", title, description });
  return formAction(request, {
    // One render of the invite form sends one invitation, however often it is sent.
    invite: submitOnce(context.services, actor).intent(inviteSchema, "staff invite", (input) => {
      staff.invite(actor, input);
      return {
        to: PATH,
        toast: { type: "success", title: "Invitation sent", description: `${input.email} has 72 hours to accept it.` },
      };
    }),
    withdraw: intent(withdrawInviteSchema, ({ inviteId }) => {
      staff.withdrawInvite(actor, inviteId);
      return done("Invitation withdrawn");
    }),
    role: intent(changeRoleSchema, ({ userId, staffRole }) => {
      staff.changeRole(actor, userId, staffRole);
      return done("Role changed", "It applies from their next click.");
    }),
    active: intent(setActiveSchema, ({ userId, active }) => {
      staff.setActive(actor, userId, active);
      return done(active ? "Reactivated" : "Deactivated", active ? undefined : "Every session of theirs has ended.");
    }),
    "two-factor": intent(twoFactorForAllSchema, ({ required }) => {
      staffAccess.setTwoFactorRequiredForAll(actor, required);
      return done(required ? "Two-factor sign-in required of all staff" : "Two-factor sign-in required of owners and managers");
    }),
    // One render of the role form makes one role: sent again, it is not refused as a name already taken.
    "create-role": submitOnce(context.services, actor).intent(customRoleSchema, "new role", (input) => {
      const role = staff.createRole(actor, input);
      return { to: PATH, toast: { type: "success", title: "Role created", description: role.name } };
    }),
    "remove-role": intent(removeRoleSchema, ({ key }) => {
      staff.removeRole(actor, key);
      return done("Role removed");
    }),
  });
}

const button = "rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100";
const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark";
const box = "mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5";

type Data = Route.ComponentProps["loaderData"];
type Person = Data["people"][number];
type Invite = Data["invites"][number];
type Role = Data["roles"][number];

const permissionLabel = new Map(PERMISSIONS.map((p) => [p.key as string, p.label]));

function peopleColumns(me: number, roles: Role[]): AdminColumn<Person>[] {
  return [
    {
      header: "Person",
      rowHeader: true,
      cell: (p) => (
        <>
          <span className="block font-semibold">
            {p.username}
            {p.id === me && <span className="font-normal text-stone-600"> (you)</span>}
          </span>
          <span className="block text-xs break-all text-stone-600">{p.email}</span>
        </>
      ),
    },
    {
      header: "Role",
      cell: (p) =>
        p.id === me ? (
          <span>{p.roleName}</span>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={p.id} />
            <label className="sr-only" htmlFor={`role-${p.id}`}>
              Role of {p.username}
            </label>
            <select
              id={`role-${p.id}`}
              name="staffRole"
              defaultValue={p.staffRole}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
            >
              {roles.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.name}
                </option>
              ))}
            </select>
            <button type="submit" className={button}>
              Save
            </button>
          </Form>
        ),
    },
    {
      header: "Sign-in",
      cell: (p) => (
        <>
          <span className={`block ${p.twoFactor ? "" : "text-amber-800"}`}>
            {p.twoFactor ? "Two-factor on" : "No second factor yet"}
          </span>
          <span className="block text-xs text-stone-600">
            {p.lastSignInAt ? `Last ${formatDateTimeGB(p.lastSignInAt)}` : "Never signed in"}
          </span>
        </>
      ),
    },
    {
      header: "Status",
      cell: (p) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className={p.active ? "text-green-800" : "text-stone-600"}>{p.active ? "Active" : "Deactivated"}</span>
          {p.id !== me && (
            <Form method="post">
              <input type="hidden" name="intent" value="active" />
              <input type="hidden" name="userId" value={p.id} />
              <input type="hidden" name="active" value={p.active ? "false" : "true"} />
              <button type="submit" className={button} aria-label={`${p.active ? "Deactivate" : "Reactivate"} ${p.username}`}>
                {p.active ? "Deactivate" : "Reactivate"}
              </button>
            </Form>
          )}
        </div>
      ),
    },
  ];
}

const inviteColumns: AdminColumn<Invite>[] = [
  {
    header: "Invitation",
    rowHeader: true,
    cell: (i) => (
      <>
        <span className="block font-semibold break-all">{i.email}</span>
        <span className="block text-xs text-stone-600">
          {i.roleName} · link valid until {formatDateTimeGB(new Date(i.expiresAt).toISOString())}
        </span>
      </>
    ),
  },
  {
    header: "Withdraw",
    srOnlyHeader: true,
    cell: (i) => (
      <Form method="post">
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="inviteId" value={i.id} />
        <button type="submit" className={button} aria-label={`Withdraw the invitation to ${i.email}`}>
          Withdraw
        </button>
      </Form>
    ),
  },
];

/** The roles as a list of cards: a table of long permission lists would not fit beside the back office's menu. */
function RoleList({ roles }: { roles: Role[] }) {
  return (
    <ul className="mt-3 grid gap-3">
      {roles.map((r) => (
        <li key={r.key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">
              {r.name} {r.builtIn && <span className="text-xs font-normal text-stone-500">built in</span>}
            </h3>
            {!r.builtIn && (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-role" />
                <input type="hidden" name="key" value={r.key} />
                <button type="submit" className={button} aria-label={`Remove the role ${r.name}`}>
                  Remove
                </button>
              </Form>
            )}
          </div>
          <p className="mt-1 text-xs leading-relaxed text-stone-700">
            {r.permissions.map((p) => permissionLabel.get(p) ?? p).join(" · ")}
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { me, people, invites, roles, twoFactorForAll, submissionKey } = loaderData;
  const refusal = actionData?.result.error?.[""]?.[0] ?? Object.values(actionData?.result.error ?? {})[0]?.[0];
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Staff</h1>
      <p className="mt-1 text-stone-600">
        Who runs the shop and what each may do. Owners and managers must sign in with a second factor; the shop always keeps one
        active owner.
      </p>
      <FormAlert message={refusal} />

      <section aria-labelledby="invite-heading" className={box}>
        <h2 id="invite-heading" className="font-display text-xl font-bold">
          Invite someone
        </h2>
        {/* Keyed by the render's submission key: an invitation sent leaves an empty form. */}
        <Form key={submissionKey} method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <SubmissionKeyField value={submissionKey} />
          <label className="min-w-0 flex-1 basis-60 text-sm font-medium">
            E-mail address
            <input name="email" type="email" required maxLength={254} autoComplete="off" className={inputClass} />
          </label>
          <div className="text-sm font-medium">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="staffRole" defaultValue="packer" className={inputClass}>
              {roles.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={primary}>
            Send invitation
          </button>
        </Form>
        <p className="mt-2 text-xs text-stone-600">The link works once, for 72 hours, and only for that address.</p>
      </section>

      <h2 className="font-display mt-8 text-xl font-bold">People</h2>
      <AdminTable
        caption="Staff"
        rows={people}
        rowKey={(p) => p.id}
        columns={peopleColumns(me, roles)}
        minWidth="min-w-[32rem]"
        className="mt-3"
      />

      {invites.length > 0 && (
        <>
          <h2 className="font-display mt-8 text-xl font-bold">Waiting to accept</h2>
          <AdminTable
            caption="Invitations waiting to be accepted"
            rows={invites}
            rowKey={(i) => i.id}
            columns={inviteColumns}
            minWidth=""
            className="mt-3"
          />
        </>
      )}

      <section aria-labelledby="two-factor-heading" className={`${box} mt-8`}>
        <h2 id="two-factor-heading" className="font-display text-xl font-bold">
          Two-factor sign-in
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="two-factor" />
          <p className="flex-1 basis-72 text-sm text-stone-700">
            {twoFactorForAll
              ? "Every member of staff must sign in with an authenticator app."
              : "Owners and managers must sign in with an authenticator app; other roles may."}
          </p>
          <input type="hidden" name="required" value={twoFactorForAll ? "off" : "on"} />
          <button type="submit" className={button}>
            {twoFactorForAll ? "Require it of owners and managers only" : "Require it of all staff"}
          </button>
        </Form>
      </section>

      <h2 className="font-display mt-8 text-xl font-bold">Roles</h2>
      <RoleList roles={roles} />

      <section aria-labelledby="new-role-heading" className={box}>
        <h2 id="new-role-heading" className="font-display text-xl font-bold">
          Make a role
        </h2>
        <Form key={submissionKey} method="post" className="mt-3">
          <input type="hidden" name="intent" value="create-role" />
          <SubmissionKeyField value={submissionKey} />
          <label className="block max-w-sm text-sm font-medium">
            Name
            <input name="name" required minLength={2} maxLength={40} className={inputClass} />
          </label>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium">May</legend>
            <div className="mt-1 grid gap-1 sm:grid-cols-2">
              {PERMISSIONS.map((p) => (
                <label key={p.key} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="permissions" value={p.key} className="mt-1" />
                  {p.label}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={`${primary} mt-3`}>
            Make the role
          </button>
        </Form>
      </section>
    </div>
  );
}
