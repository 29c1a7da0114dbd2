import { describe, expect, it } from "vitest";
import { customRoleKey, customRoleSchema, staffChangeRefusal, type StaffMember } from "./staff-rules";

const owner: StaffMember = { id: 1, staffRole: "owner", active: true };
const manager: StaffMember = { id: 2, staffRole: "manager", active: true };
const secondOwner: StaffMember = { id: 3, staffRole: "owner", active: true };

describe("changes to staff", () => {
  it("no one changes their own role or deactivates themself", () => {
    expect(staffChangeRefusal(2, manager, { staffRole: "owner" }, [owner, manager])).toBe("You cannot change your own role.");
    expect(staffChangeRefusal(1, owner, { active: false }, [owner, secondOwner])).toBe("You cannot deactivate yourself.");
  });

  it("keeps at least one active owner", () => {
    expect(staffChangeRefusal(2, owner, { staffRole: "manager" }, [owner, manager])).toBe(
      "The shop must keep at least one active owner.",
    );
    expect(staffChangeRefusal(2, owner, { active: false }, [owner, manager])).toBe(
      "The shop must keep at least one active owner.",
    );
    // A deactivated second owner does not count.
    expect(staffChangeRefusal(2, owner, { active: false }, [owner, manager, { ...secondOwner, active: false }])).not.toBeNull();
    expect(staffChangeRefusal(3, owner, { staffRole: "packer" }, [owner, manager, secondOwner])).toBeNull();
  });

  it("lets an owner change someone else", () => {
    expect(staffChangeRefusal(1, manager, { staffRole: "packer" }, [owner, manager])).toBeNull();
    expect(staffChangeRefusal(1, manager, { active: false }, [owner, manager])).toBeNull();
  });
});

describe("custom roles", () => {
  it("are stored under a slug that is never a built-in role's key", () => {
    expect(customRoleKey("Used-stock buyer")).toBe("used-stock-buyer");
    expect(customRoleKey("Owner")).toBe("owner-custom");
    expect(customRoleKey("7-inch team")).toBe("role-7-inch-team");
  });

  it("need a name and at least one known permission", () => {
    expect(customRoleSchema.safeParse({ name: "Buyer", permissions: ["catalogue.edit"] }).success).toBe(true);
    expect(customRoleSchema.safeParse({ name: "Buyer", permissions: [] }).success).toBe(false);
    expect(customRoleSchema.safeParse({ name: "Buyer", permissions: ["orders.everything"] }).success).toBe(false);
  });
});
