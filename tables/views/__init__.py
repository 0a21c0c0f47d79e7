"""Views of the tables app, one module per page group; each is thin. Every
private page goes through tables.access (its role in the hall, and
`request.evening` / `request.hall`)."""
