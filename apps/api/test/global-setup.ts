// Placeholder replaced by the API test harness (real PostgreSQL bootstrap).
export default function setup(): void {}
