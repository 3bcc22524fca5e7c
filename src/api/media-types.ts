/** Selects JSON and version 2 of the API (spec 4.3, 9); links may name another type. */
export const API_MEDIA_TYPE = 'application/vnd.digipost-v2+json';
