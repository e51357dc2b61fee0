/** The search box's hint (the query language); the dashboard's frame shows it too. */
export const SEARCH_PLACEHOLDER = 'Search: python "machine learning" -hired level:senior'
