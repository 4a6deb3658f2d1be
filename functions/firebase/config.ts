/** The one Cloud Function every dynamic path is rewritten to (firebase.json and the entry agree). */
export const FIREBASE_FUNCTION = { functionId: 'api', region: 'europe-west1' } as const;
