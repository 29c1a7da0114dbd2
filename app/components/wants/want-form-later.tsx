import { lazy, memo } from "react";
import { LaterPart } from "~/components/later-part";
import type { WantFormProps } from "./want-form";

// The form's code and its schema load after the record page: most visits never use it.
const WantForm = lazy(() => import("./want-form"));

/** A record page's Want form (./want-form.tsx), hydrated when its code arrives. */
export const WantFormLater = memo(function WantFormLater(props: WantFormProps) {
  return (
    <LaterPart>
      <WantForm {...props} />
    </LaterPart>
  );
});
