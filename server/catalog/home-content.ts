import content from "./home-content.json" with { type: "json" };

/**
 * The home page's sections: their labels, where each tile leads, and the slot its picture is
 * stored under. The words are data (home-content.json), kept apart from the code that shows them.
 */
export type HomeEntry = { slot: string; label: string; to: string };

export const HERO_SLIDES: readonly HomeEntry[] = content.heroSlides;
export const COLLECTION_TILES: readonly HomeEntry[] = content.collectionTiles;
export const MOOD_TILES: readonly HomeEntry[] = content.moodTiles;
