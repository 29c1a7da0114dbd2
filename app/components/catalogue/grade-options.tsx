import { GRADES, gradeLabel } from "~/domain/catalogue/grades";

/**
 * The options of a grade select: first the empty choice (`none`, e.g. "Any grade"), then the Goldmine grades,
 * best first, each label followed by `suffix` (e.g. " or better").
 */
export function GradeOptions({ none, suffix = "" }: { none: string; suffix?: string }) {
  return (
    <>
      <option value="">{none}</option>
      {GRADES.map((g) => (
        <option key={g} value={g}>
          {gradeLabel(g)}
          {suffix}
        </option>
      ))}
    </>
  );
}
