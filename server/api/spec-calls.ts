import { Router } from "express";

// Placeholder: these endpoints are being built.
export const specCallsApi = Router();
