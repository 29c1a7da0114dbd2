import { Router } from "express";
import { z } from "zod";
import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { contextOf, parseQuery } from "./helpers";

const query = z.object({
  // An empty ?category= (a form's "all" choice) means every category.
  category: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CARE_CATEGORIES).optional()),
});

export const vinylCareApi = Router();

/** GET /api/vinyl-care-tips[?category=]: [{ id, category, title, body }], by category then position. */
vinylCareApi.get("/vinyl-care-tips", (req, res) => {
  const { category } = parseQuery(query, req);
  const tips = contextOf(res).services.care.tips({ category });
  res.set("Cache-Control", "public, max-age=300");
  res.json(tips.map(({ id, category, title, body }) => ({ id, category, title, body })));
});
