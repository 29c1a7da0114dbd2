import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of the current response; empty when none was set. */
export function useNonce(): string {
  return useContext(NonceContext);
}
