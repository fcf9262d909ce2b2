/**
 * The license list's toolbar labels of its first screen, which is drawn with the web app's entry
 * (decision 078): kept apart from the back office's other texts. Its buttons to create and import
 * licenses are labelled with their pages' titles (`pageTitles`).
 */
export const licenseToolbarLabels = {
  selectionMode: 'Mehrfachauswahl',
  exportList: 'Liste als CSV exportieren',
} as const;
