/** The search box's hint (issue 17's query language); the dashboard's frame shows it too. */
export const SEARCH_PLACEHOLDER = 'Search: python "machine learning" -hired level:senior'
