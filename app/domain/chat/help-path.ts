/**
 * The page of VinylBot's topics that the chat button opens without JavaScript. A file of its own, so the header's
 * button links to it without bringing the answers into every page's first load.
 */
export const HELP_PATH = "/help";
