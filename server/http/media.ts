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

/**
 * GET /media/covers/{catalogueId}.jpg not found on disk (after the media folder's static files): a record's
 * generated cover not made yet is made now and served, so a page never shows a broken cover while the background
 * job has not reached it. Anything else goes on to a 404.
 */
export function coverOnFirstRequest(services: Services): RequestHandler {
  return async (req, res, next) => {
    const match = /^(.+)\.jpg$/.exec(String(req.params.file));
    if (!match) return next();
    try {
      const file = await services.media.coverFile(match[1]!);
      if (!file) return next();
      res.sendFile(file, { maxAge: "7d", headers: { "Content-Type": "image/jpeg" } });
    } catch (error) {
      next(error);
    }
  };
}
