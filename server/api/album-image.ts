import { Router } from "express";

// Placeholder: GET /api/album-image is being built.
export const albumImageApi = Router();
