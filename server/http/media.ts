import type { RequestHandler } from "express";
import type { Services } from "../services";

/** GET /media/audio/{catalogueId}.wav: generates the preview on first play, then serves the file. */
export function previewOnFirstPlay(services: Services): RequestHandler {
  return async (req, res, next) => {
    const match = /^(.+)\.wav$/.exec(String(req.params.file));
    if (!match) return next();
    try {
      const file = await services.media.previewFile(match[1]!);
      if (!file) return next();
      res.sendFile(file, { maxAge: "7d", headers: { "Content-Type": "audio/wav" } });
    } catch (error) {
      next(error);
    }
  };
}
