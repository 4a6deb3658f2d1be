/** The one Cloud Function every dynamic path is rewritten to (firebase.json and the entry agree). */
export const FIREBASE_FUNCTION = { functionId: 'api', region: 'europe-west1' } as const;

/** The English 404 page, written beside the function's bundle (the build copies it there). */
export const NOT_FOUND_EN = 'not-found.en.html';
