import { Router } from "express";

// Placeholder: GET /api/vinyl-care-tips is being built.
export const vinylCareApi = Router();
