import { Router } from "express";
import { OPERATIONS } from "../contract/operations";
import { contextOf, inputOf, PUBLIC_5_MIN, routeOf } from "./helpers";

export const vinylCareApi = Router();

/** GET /api/vinyl-care-tips[?category=]: [{ id, category, title, body }], by category then position. */
vinylCareApi.get(routeOf(OPERATIONS.vinylCareTips), (req, res) => {
  const { category } = inputOf(OPERATIONS.vinylCareTips, req).query;
  const tips = contextOf(res).services.care.tips({ category });
  res.set("Cache-Control", PUBLIC_5_MIN);
  res.json(tips.map(({ id, category, title, body }) => ({ id, category, title, body })));
});
