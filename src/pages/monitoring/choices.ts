/**
 * The store's keys of the monitoring page (react-admin's store, kept across visits): what the user
 * chose, and what the page showed last. Apart from the page's queries, for the page's early script
 * to read them without the app's code (src/firstView/start.ts).
 */

/** The store's keys of what the user chose last (kept across visits). */
export const CHOSEN = {
  project: 'monitoring.project',
  plant: 'monitoring.plant',
  wholeProject: 'monitoring.whole_project',
  interval: 'monitoring.interval',
} as const;

/**
 * The store's keys of the project and the plant the page showed last, chosen or not: the next visit
 * starts their reads at once, alongside the list of projects that confirms them.
 */
export const SHOWN_PROJECT = 'monitoring.shown_project';
export const SHOWN_PLANT = 'monitoring.shown_plant';
