import { router } from "../init";

// Placeholder: these procedures are being built.
export const subscribeRouter = router({});
