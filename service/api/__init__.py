"""HTTP controllers: thin (parse, call the application service, shape the answer)."""
