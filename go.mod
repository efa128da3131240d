module github.com/hp17b/hp17b

go 1.26.8

require (
	github.com/cockroachdb/apd/v3 v3.2.3
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
